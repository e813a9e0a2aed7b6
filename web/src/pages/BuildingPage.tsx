import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api, unwrap, type DocumentRow } from '../api.js';
import { Loaded } from '../components/Layout.js';
import { UploadPanel } from '../components/UploadPanel.js';

const PAGE = 500;
type SortKey = 'name' | 'changed' | 'category';
type Kind = 'all' | 'drawings' | 'others';

/** a building's documents as a table: processing progress live, sorting, filters over what is loaded */
export function BuildingPage() {
  const { t, i18n } = useTranslation();
  const { ownerId = '', buildingId = '' } = useParams();
  const path = { buildingOwnerId: ownerId, buildingId };
  const [sort, setSort] = useState<{ key: SortKey; ascending: boolean }>({ key: 'changed', ascending: false });
  const [text, setText] = useState('');
  const [discipline, setDiscipline] = useState('');
  const [category, setCategory] = useState('');
  const [kind, setKind] = useState<Kind>('all');

  const building = useQuery({
    queryKey: ['building', ownerId, buildingId],
    queryFn: () =>
      unwrap(api.GET('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}', { params: { path } })),
  });
  const status = useQuery({
    queryKey: ['status', ownerId, buildingId],
    queryFn: () =>
      unwrap(api.GET('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/status', { params: { path } })),
    // live while uploads are processed
    refetchInterval: (query) =>
      query.state.data && query.state.data.processed_documents < query.state.data.total_documents ? 2000 : false,
  });
  const documents = useInfiniteQuery({
    queryKey: ['documents', ownerId, buildingId, status.data?.processed_documents],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(
        api.GET('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/documents', {
          params: {
            path,
            query: {
              limit: PAGE,
              sort_by: 'updatedAt',
              sort_order: 'desc',
              ...(pageParam ? { next_token: pageParam } : {}),
            },
          },
        }),
      ),
    getNextPageParam: (last) => last.nextToken ?? undefined,
    placeholderData: (previous) => previous,
  });

  const loaded = useMemo(() => documents.data?.pages.flatMap((page) => page.documents) ?? [], [documents.data]);
  const disciplines = useMemo(() => distinct(loaded.map((d) => d.discipline)), [loaded]);
  const categories = useMemo(() => distinct(loaded.map((d) => d.buildingCategory?.slice(0, 2) ?? null)), [loaded]);
  const shown = useMemo(() => {
    const needle = text.trim().toLocaleLowerCase(i18n.language);
    const rows = loaded.filter(
      (d) =>
        (!needle || d.filename.toLocaleLowerCase(i18n.language).includes(needle)) &&
        (!discipline || d.discipline === discipline) &&
        (!category || (d.buildingCategory ?? '').startsWith(category)) &&
        (kind === 'all' || d.isDrawing === (kind === 'drawings')),
    );
    const value = (d: DocumentRow) =>
      sort.key === 'name' ? d.filename : sort.key === 'category' ? (d.buildingCategory ?? '') : d.updatedAt;
    const collator = new Intl.Collator(i18n.language, { numeric: true });
    return rows.sort((a, b) => collator.compare(value(a), value(b)) * (sort.ascending ? 1 : -1));
  }, [loaded, text, discipline, category, kind, sort, i18n.language]);

  const toggle = (key: SortKey) =>
    setSort((current) => ({ key, ascending: current.key === key ? !current.ascending : key !== 'changed' }));
  const header = (key: SortKey, label: string) => (
    <th aria-sort={sort.key === key ? (sort.ascending ? 'ascending' : 'descending') : 'none'}>
      <button type="button" onClick={() => toggle(key)} title={t('building.sortBy', { column: label })}>
        {label} {sort.key === key ? (sort.ascending ? '▲' : '▼') : ''}
      </button>
    </th>
  );
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const sizes = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });

  return (
    <section>
      <p>
        <Link to="/">← {t('building.back')}</Link>
      </p>
      <h1>{building.data?.name ?? '…'}</h1>
      <p>
        <Link to={`/owners/${ownerId}/buildings/${buildingId}/ask`}>{t('ask.open')} →</Link>
        {' · '}
        <Link to={`/owners/${ownerId}/buildings/${buildingId}/report`}>{t('report.open')} →</Link>
      </p>
      <h2>{t('building.documents')}</h2>
      {status.data && (
        <div className="progress">
          <progress max={Math.max(status.data.total_documents, 1)} value={status.data.processed_documents} />
          <span>
            {t('building.processed', {
              processed: status.data.processed_documents,
              total: status.data.total_documents,
              percent: Math.round((100 * status.data.processed_documents) / Math.max(status.data.total_documents, 1)),
            })}
          </span>
        </div>
      )}
      <UploadPanel ownerId={ownerId} buildingId={buildingId} />
      <form className="filters" aria-label={t('building.filter')} onSubmit={(event) => event.preventDefault()}>
        <label>
          {t('building.search')}
          <input type="search" value={text} onChange={(event) => setText(event.target.value)} />
        </label>
        <label>
          {t('building.discipline')}
          <select value={discipline} onChange={(event) => setDiscipline(event.target.value)}>
            <option value="">{t('building.all')}</option>
            {disciplines.map((value) => (
              <option key={value}>{value}</option>
            ))}
          </select>
        </label>
        <label>
          {t('building.category')}
          <select value={category} onChange={(event) => setCategory(event.target.value)}>
            <option value="">{t('building.all')}</option>
            {categories.map((value) => (
              <option key={value}>{value}</option>
            ))}
          </select>
        </label>
        <label>
          {t('building.kind')}
          <select value={kind} onChange={(event) => setKind(event.target.value as Kind)}>
            <option value="all">{t('building.all')}</option>
            <option value="drawings">{t('building.drawings')}</option>
            <option value="others">{t('building.others')}</option>
          </select>
        </label>
      </form>
      <Loaded loading={documents.isPending} error={documents.error} retry={() => void documents.refetch()}>
        <p className="muted" role="status">
          {t('building.showing', { shown: shown.length, loaded: loaded.length })}
        </p>
        {shown.length === 0 ? (
          <p>{t('building.none')}</p>
        ) : (
          <div className="table-scroll">
            <table className="documents">
              <thead>
                <tr>
                  {header('name', t('building.name'))}
                  <th>{t('building.folder')}</th>
                  {header('category', t('building.category'))}
                  <th>{t('building.discipline')}</th>
                  {header('changed', t('building.changed'))}
                  <th>{t('building.size')}</th>
                  <th>{t('building.state')}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((d) => (
                  <tr key={d.id}>
                    <td>
                      <Link to={`/owners/${ownerId}/buildings/${buildingId}/documents/${d.id}`}>{d.filename}</Link>
                    </td>
                    <td className="muted">{d.originalPath}</td>
                    <td>{d.buildingCategory ?? '–'}</td>
                    <td>{d.discipline ?? '–'}</td>
                    <td>{dates.format(new Date(d.updatedAt))}</td>
                    <td>{sizes.format(d.size / 1024)} KB</td>
                    <td>{d.corrupt ? <span className="bad">{t('building.corrupt')}</span> : t('building.ok')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {documents.hasNextPage && (
          <button type="button" onClick={() => void documents.fetchNextPage()} disabled={documents.isFetchingNextPage}>
            {t('building.more')}
          </button>
        )}
      </Loaded>
    </section>
  );
}

function distinct(values: (string | null)[]): string[] {
  return [...new Set(values.filter((value): value is string => Boolean(value)))].sort();
}
