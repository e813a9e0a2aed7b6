import type { paths } from '@byggdok/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api, ApiFailure, unwrap } from '../api.js';
import { Loaded } from '../components/Layout.js';

type Report =
  paths['/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/report']['get']['responses'][200]['content']['application/json'];
type Item = Report['themes'][number];
type Country = 'NO' | 'GB';

/** the items under one parent, and theirs, as nested lists */
function ItemTree(props: { items: Item[]; parentId: string | null }) {
  const { t } = useTranslation();
  const children = props.items.filter((item) => item.parentId === props.parentId);
  if (children.length === 0) return null;
  return (
    <ul className={props.parentId === null ? 'report-themes' : 'report-items'}>
      {children.map((item) => (
        <li key={item.id}>
          <div className="report-item">
            <span className={`status status-${item.status}`}>{t(`report.status.${item.status}`)}</span>
            <span className="report-name">{item.name}</span>
            {item.laws && <span className="muted">{item.laws}</span>}
          </div>
          {item.comment && <p className="report-comment">{item.comment}</p>}
          <ItemTree items={props.items} parentId={item.id} />
        </li>
      ))}
    </ul>
  );
}

/**
 * A building's deficiency report against the regulations (TEK17 in Norway, the Building Safety Act in the UK):
 * generated on request, progress per theme as bars, every item with its status and comment as a tree, and a clean
 * print layout (the browser prints it to PDF).
 */
export function ReportPage() {
  const { t, i18n } = useTranslation();
  const { ownerId = '', buildingId = '' } = useParams();
  const path = { buildingOwnerId: ownerId, buildingId };
  const [country, setCountry] = useState<Country>('NO');
  const [version, setVersion] = useState<'v1' | 'v2'>('v2');
  const queries = useQueryClient();
  const locale = i18n.language === 'nb' ? ('nb' as const) : ('en' as const);
  const generate = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/reports', {
          params: { path, query: { locale } },
          body: { country, version },
        }),
      ),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['report', ownerId, buildingId, country] }),
  });

  const report = useQuery({
    queryKey: ['report', ownerId, buildingId, country, locale],
    queryFn: async () => {
      try {
        return await unwrap(
          api.GET('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/report', {
            params: { path, query: { country, locale } },
          }),
        );
      } catch (error) {
        // no report of this country yet: the page offers to make one
        if (error instanceof ApiFailure && error.status === 404) return null;
        throw error;
      }
    },
    // while a generation is under way the report is looked for again
    refetchInterval: (query) => (generate.isSuccess && query.state.data === null ? 2000 : false),
  });
  return (
    <section className="report">
      <p className="no-print">
        <Link to={`/owners/${ownerId}/buildings/${buildingId}`}>← {t('document.back')}</Link>
      </p>
      <h1>{t('report.title')}</h1>
      <form
        className="filters no-print"
        onSubmit={(event) => {
          event.preventDefault();
          generate.mutate();
        }}
      >
        <label>
          {t('report.country')}
          <select value={country} onChange={(event) => setCountry(event.target.value as Country)}>
            <option value="NO">{t('report.no')}</option>
            <option value="GB">{t('report.gb')}</option>
          </select>
        </label>
        <label>
          {t('report.version')}
          <select value={version} onChange={(event) => setVersion(event.target.value as 'v1' | 'v2')}>
            <option value="v2">v2</option>
            <option value="v1">v1</option>
          </select>
        </label>
        <button type="submit" disabled={generate.isPending}>
          {generate.isPending ? t('report.generating') : t('report.generate')}
        </button>
        <button type="button" onClick={() => window.print()} disabled={!report.data}>
          {t('report.print')}
        </button>
      </form>
      {generate.error && (
        <p role="alert" className="failure">
          {t('error', { detail: generate.error.message })}
        </p>
      )}
      <Loaded loading={report.isPending} error={report.error} retry={() => void report.refetch()}>
        {report.data === null ? (
          <p className="muted">{t('report.none')}</p>
        ) : (
          report.data && (
            <>
              <h2>{t('report.progress')}</h2>
              <ul className="theme-bars">
                {report.data.progressDetails.map((theme) => (
                  <li key={theme.theme}>
                    <span>{theme.theme}</span>
                    <progress max={Math.max(theme.total, 1)} value={theme.progress} aria-label={theme.theme} />
                    <span className="muted">
                      {t('report.complete', {
                        progress: theme.progress,
                        total: theme.total,
                        percent: theme.percentage,
                      })}
                    </span>
                  </li>
                ))}
              </ul>
              <h2>{t('report.items')}</h2>
              <ItemTree items={report.data.themes} parentId={null} />
            </>
          )
        )}
      </Loaded>
    </section>
  );
}
