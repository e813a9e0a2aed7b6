import type { paths } from '@byggdok/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatsFor } from '../format.js';
import { Link, useParams } from 'react-router';
import { api, ApiFailure, formText, unwrap } from '../api.js';
import { useBuildingDocuments } from '../use-building-documents.js';
import { Loaded, Failure } from '../components/Layout.js';
import { atLeast, useOwnerRole } from '../roles.js';

type Report =
  paths['/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/report']['get']['responses'][200]['content']['application/json'];
type Item = Report['themes'][number];
type Country = 'NO' | 'GB';

interface Scope {
  ownerId: string;
  buildingId: string;
  locale: 'nb' | 'en';
  /** the report changed (a comment, evidence): read it again */
  changed: () => Promise<void>;
  /** the person may write a comment and link evidence (WRITE_ACCESS or more) */
  writes: boolean;
}

/** the items under one parent, and theirs, as nested lists; a leaf opens to its comment and evidence */
function ItemTree(props: { items: Item[]; parentId: string | null; scope: Scope }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  const children = props.items.filter((item) => item.parentId === props.parentId);
  if (children.length === 0) return null;
  return (
    <ul className={props.parentId === null ? 'report-themes' : 'report-items'}>
      {children.map((item) => {
        const leaf = !props.items.some((other) => other.parentId === item.id);
        return (
          <li key={item.id}>
            <div className="report-item">
              <span className={`status status-${item.status}`}>{t(`report.status.${item.status}`)}</span>
              <span className="report-name">{item.name}</span>
              {item.laws && <span className="muted">{item.laws}</span>}
              {leaf && (
                <button
                  type="button"
                  className="no-print link-button"
                  aria-expanded={open === item.id}
                  onClick={() => setOpen(open === item.id ? null : item.id)}
                >
                  {t('report.details')}
                </button>
              )}
            </div>
            {item.comment && <p className="report-comment">{item.comment}</p>}
            {open === item.id && <ItemDetails item={item} scope={props.scope} />}
            <ItemTree items={props.items} parentId={item.id} scope={props.scope} />
          </li>
        );
      })}
    </ul>
  );
}

/** one item's comment (written by a person, it replaces the generated one) and the documents linked as evidence */
function ItemDetails(props: { item: Item; scope: Scope }) {
  const { t } = useTranslation();
  const { ownerId, buildingId, locale } = props.scope;
  const path = { buildingOwnerId: ownerId, buildingId, itemId: props.item.id };
  const [wanted, setWanted] = useState('');
  const evidence = useQuery({
    queryKey: ['evidence', ownerId, buildingId, props.item.id],
    queryFn: () =>
      unwrap(
        api.GET('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/reports/{itemId}/documents', {
          params: { path },
        }),
      ),
  });
  const documents = useBuildingDocuments(ownerId, buildingId, undefined);
  const needle = wanted.trim().toLocaleLowerCase();
  const linked = new Set(evidence.data?.documents.map((d) => d.id));
  const candidates = needle
    ? documents.documents
        .filter((d) => !linked.has(d.id) && `${d.originalPath}`.toLocaleLowerCase().includes(needle))
        .slice(0, 20)
    : [];
  const after = async () => {
    await evidence.refetch();
    await props.scope.changed();
  };
  const comment = useMutation({
    mutationFn: (value: string | null) =>
      unwrap(
        api.PATCH('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/reports/{itemId}', {
          params: { path, query: { locale } },
          body: { comment: value },
        }),
      ),
    onSuccess: after,
  });
  const link = useMutation({
    mutationFn: (params: { documentId: string; linked: boolean }) => {
      const route = {
        params: { path: { ...path, documentId: params.documentId }, query: { locale } },
      };
      return unwrap(
        params.linked
          ? api.PUT(
              '/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/reports/{itemId}/documents/{documentId}',
              route,
            )
          : api.DELETE(
              '/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/reports/{itemId}/documents/{documentId}',
              route,
            ),
      );
    },
    onSuccess: async () => {
      setWanted('');
      await after();
    },
  });
  const writes = props.scope.writes;
  return (
    <div className="item-details no-print">
      {props.item.description && <p className="muted">{props.item.description}</p>}
      {!writes && props.item.comment && (
        <p>
          <strong>{t('report.comment')}:</strong> {props.item.comment}
        </p>
      )}
      {writes && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            comment.mutate(formText(event.currentTarget, 'comment').trim() || null);
          }}
        >
          <label>
            {t('report.comment')}
            <textarea name="comment" rows={2} maxLength={10_000} defaultValue={props.item.comment ?? ''} />
          </label>
          <button type="submit" disabled={comment.isPending}>
            {t('document.save')}
          </button>
          {comment.isSuccess && <span role="status"> {t('document.saved')}</span>}
          <Failure error={comment.error} />
        </form>
      )}
      <h3>{t('report.evidence')}</h3>
      {evidence.data?.documents.length === 0 && <p className="muted">{t('report.noEvidence')}</p>}
      <ul className="evidence-list">
        {evidence.data?.documents.map((d) => (
          <li key={d.id}>
            <Link to={`/owners/${ownerId}/buildings/${buildingId}/documents/${d.id}`}>{d.filename}</Link>{' '}
            {writes && (
              <button
                type="button"
                onClick={() => link.mutate({ documentId: d.id, linked: false })}
                disabled={link.isPending}
                aria-label={t('report.unlinkNamed', { name: d.filename })}
              >
                {t('report.unlink')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {writes && (
        <>
          <label>
            {t('report.findDocument')}
            <input type="search" value={wanted} onChange={(event) => setWanted(event.target.value)} />
          </label>
          <ul className="evidence-list">
            {candidates.map((d) => (
              <li key={d.id}>
                <span>{d.originalPath}</span>{' '}
                <button
                  type="button"
                  onClick={() => link.mutate({ documentId: d.id, linked: true })}
                  disabled={link.isPending}
                  aria-label={t('report.linkNamed', { name: d.filename })}
                >
                  {t('report.link')}
                </button>
              </li>
            ))}
          </ul>
          <Failure error={link.error} />
        </>
      )}
    </div>
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
  // what a READ_ACCESS person cannot do is not offered: the button says why it is off
  const role = useOwnerRole(ownerId);
  const writes = atLeast(role, 'WRITE_ACCESS');
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
      // ask what exists first (the newest report's items, [] when there is none): no failed request before a report
      const items = await unwrap(
        api.GET('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/reports', {
          params: { path, query: { locale } },
        }),
      );
      if (items.length === 0) return null;
      try {
        return await unwrap(
          api.GET('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/report', {
            params: { path, query: { country, locale } },
          }),
        );
      } catch (error) {
        // a report of the other country only: the page offers to make one of this
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
        <button
          type="submit"
          disabled={generate.isPending || !writes}
          aria-describedby={role !== undefined && !writes ? 'report-read-only' : undefined}
        >
          {generate.isPending ? t('report.generating') : t('report.generate')}
        </button>
        <button type="button" onClick={() => window.print()} disabled={!report.data}>
          {t('report.print')}
        </button>
        {role !== undefined && !writes && (
          <p id="report-read-only" className="muted">
            {t('report.readOnly')}
          </p>
        )}
        <Failure error={generate.error} />
      </form>
      <Loaded loading={report.isPending} error={report.error} retry={() => void report.refetch()}>
        {report.data === null ? (
          <p className="muted">{t(role !== undefined && !writes ? 'report.noneReadOnly' : 'report.none')}</p>
        ) : (
          report.data && (
            <>
              <h2>{t('report.progress')}</h2>
              <ul className="theme-bars">
                {report.data.progressDetails.map((theme) => (
                  <li key={theme.theme}>
                    <span>{theme.theme}</span>
                    {/* a theme none of whose items apply to the building is neither done nor to do: no bar */}
                    {theme.total === 0 ? (
                      <span />
                    ) : (
                      <progress max={theme.total} value={theme.progress} aria-label={theme.theme} />
                    )}
                    <span className="muted">
                      {theme.total === 0
                        ? t('report.noItemsApply')
                        : t('report.complete', {
                            progress: theme.progress,
                            total: theme.total,
                            percent: formatsFor(i18n.language).percent(theme.percentage / 100),
                          })}
                    </span>
                  </li>
                ))}
              </ul>
              <h2>{t('report.items')}</h2>
              <ItemTree
                items={report.data.themes}
                parentId={null}
                scope={{
                  ownerId,
                  buildingId,
                  locale,
                  changed: () => queries.invalidateQueries({ queryKey: ['report', ownerId, buildingId] }),
                  writes,
                }}
              />
            </>
          )
        )}
      </Loaded>
    </section>
  );
}
