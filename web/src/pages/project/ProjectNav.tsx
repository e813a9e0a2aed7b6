import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router';

/** the parts of one project, each its own address */
export function ProjectNav() {
  const { t } = useTranslation();
  const { customerId = '', projectId = '' } = useParams();
  const base = `/projects/${customerId}/${projectId}`;
  return (
    <nav className="tabs" aria-label={t('construction.projectParts')}>
      <NavLink to={base} end>
        {t('construction.overview')}
      </NavLink>
      <NavLink to={`${base}/documents`}>{t('construction.documents')}</NavLink>
      <NavLink to={`${base}/handover`}>{t('construction.handoverTab')}</NavLink>
      <NavLink to={`${base}/members`}>{t('construction.members')}</NavLink>
    </nav>
  );
}
