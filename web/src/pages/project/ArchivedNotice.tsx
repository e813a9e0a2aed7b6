import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../../api.js';
import { Failure } from '../../components/Layout.js';
import { useToast } from '../../components/ui/Toast.js';
import { atLeast } from '../../roles.js';
import type { useProject } from './deliveries.js';

type Project = NonNullable<ReturnType<typeof useProject>['data']>;

/**
 * On every page of an archived project: it is read, not changed (the server answers every change 409), until someone
 * who may archive it (OWNER or more) makes it active again, here.
 */
export function ArchivedNotice(props: { project: Project | undefined }) {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const toast = useToast();
  const { project } = props;
  const reactivate = useMutation({
    mutationFn: (target: Project) =>
      unwrap(
        api.PUT('/construction/customers/{customerId}/projects/{projectId}', {
          params: { path: { customerId: target.customerId, projectId: target.id } },
          body: { status: 'ACTIVE' },
        }),
      ),
    onSuccess: async (_data, target) => {
      await Promise.all([
        queries.invalidateQueries({ queryKey: ['project', target.customerId, target.id] }),
        queries.invalidateQueries({ queryKey: ['projects', target.customerId] }),
      ]);
      toast(t('projects.reactivated'));
    },
  });
  if (project?.status !== 'ARCHIVED') return null;
  const mayReactivate = atLeast(project.role, 'OWNER');
  return (
    <div className="archived-notice" role="note" aria-labelledby="archived-title">
      <p>
        <strong id="archived-title">{t('projects.archivedTitle')}</strong>{' '}
        {t(mayReactivate ? 'projects.archivedOwner' : 'projects.archivedMember')}
      </p>
      {mayReactivate && (
        <button type="button" onClick={() => reactivate.mutate(project)} disabled={reactivate.isPending}>
          {t('projects.reactivate')}
        </button>
      )}
      <Failure error={reactivate.error} />
    </div>
  );
}
