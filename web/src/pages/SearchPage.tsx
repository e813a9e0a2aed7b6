import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api, formText, unwrap } from '../api.js';
import { Loaded } from '../components/Layout.js';
import { SearchPassages } from '../components/SearchPassages.js';
import { useReferenceNames } from '../reference.js';

const PAGE = 20;
type SortBy = 'relevance' | 'updatedAt' | 'filename';

/** the query's words marked in a text, case and accents aside */
export function Highlighted(props: { text: string; query: string }) {
  const words = props.query
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((word) => word.length >= 2);
  if (words.length === 0) return <>{props.text}</>;
  const pattern = new RegExp(`(${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'giu');
  return (
    <>{props.text.split(pattern).map((part, index) => (index % 2 === 1 ? <mark key={index}>{part}</mark> : part))}</>
  );
}

/** the facets: the search filter (and address parameter), the aggregation that offers its values, its title */
const FACETS = [
  ['discipline', 'discipline', 'building.discipline'],
  ['category', 'category', 'building.category'],
  ['floor', 'drawing_floor', 'document.floor'],
  ['extension', 'extension', 'search.extension'],
] as const;

/** one facet: its values with their counts as buttons, or the chosen value to take off again */
function Facet(props: {
  title: string;
  selected: string;
  buckets: { key: string; count: number }[];
  choose: (value: string | null) => void;
  /** a value's name in the person's language (categories, disciplines); as is without it */
  name?: (value: string) => string;
}) {
  const name = props.name ?? ((value: string) => value);
  if (!props.selected && props.buckets.length === 0) return null;
  return (
    <>
      <h2>{props.title}</h2>
      <ul className="facets">
        {props.selected ? (
          <li>
            <button type="button" aria-pressed="true" onClick={() => props.choose(null)}>
              ✕ {name(props.selected)}
            </button>
          </li>
        ) : (
          props.buckets.slice(0, 12).map((bucket) => (
            <li key={bucket.key}>
              <button type="button" onClick={() => props.choose(bucket.key)}>
                {name(bucket.key)} <span className="muted">({bucket.count})</span>
              </button>
            </li>
          ))
        )}
      </ul>
    </>
  );
}

/** search across an owner's buildings or in one: facets as filters, sorting, fuzzy on or off, pages */
export function SearchPage() {
  const reference = useReferenceNames();
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const ownerParam = params.get('owner');
  const building = params.get('building') ?? '';
  // the facets chosen, as the search's filters (the same names in the page's address)
  const chosen = Object.fromEntries(
    FACETS.flatMap(([param]) => (params.get(param) ? [[param, params.get(param)!]] : [])),
  );
  const documentType = params.get('type') as 'document' | 'drawing' | null;
  const fuzzy = params.get('fuzzy') !== 'off';
  // current revisions by default; `revisions=all` shows superseded ones too
  const latestOnly = params.get('revisions') !== 'all';
  const sortBy = (params.get('sort') ?? 'relevance') as SortBy;
  const start = Number(params.get('start') ?? 0);
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (!('start' in changes)) next.delete('start');
    // at once, not as the router's deferred transition: React puts a clicked box back as it was until the page renders
    // again, and a change made before that would start from the address without the one before it
    setParams(next, { flushSync: true });
  };

  // facets and the kind of document: what narrows the hits
  const filtered = Object.keys(chosen).length > 0 || documentType !== null;
  const clearFilters = () => set({ ...Object.fromEntries(FACETS.map(([param]) => [param, null])), type: null });

  const owners = useQuery({
    queryKey: ['owners'],
    queryFn: () => unwrap(api.GET('/v1/building_owners', { params: { query: { limit: 100 } } })),
  });
  const ownerId = ownerParam ?? owners.data?.buildingOwners[0]?.id ?? '';
  const buildings = useQuery({
    queryKey: ['buildings', ownerId],
    enabled: ownerId !== '',
    queryFn: () =>
      unwrap(
        api.GET('/v1/building_owners/{buildingOwnerId}/buildings', {
          params: { path: { buildingOwnerId: ownerId }, query: { limit: 100 } },
        }),
      ),
  });
  const filters = {
    query,
    max_results: PAGE,
    start_index: start,
    include_aggregations: true,
    include_passages: true,
    fuzziness: fuzzy ? ('auto' as const) : ('off' as const),
    latest_revisions: latestOnly,
    sort_by: sortBy,
    sort_order: sortBy === 'filename' ? ('asc' as const) : ('desc' as const),
    ...chosen,
    ...(documentType ? { document_type: documentType } : {}),
  };
  const results = useQuery({
    queryKey: ['search', ownerId, building, filters],
    enabled: ownerId !== '' && query.trim() !== '',
    queryFn: () =>
      building
        ? unwrap(
            api.GET('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/search', {
              params: { path: { buildingOwnerId: ownerId, buildingId: building }, query: filters },
            }),
          )
        : unwrap(
            api.GET('/v1/building_owners/{buildingOwnerId}/search', {
              params: { path: { buildingOwnerId: ownerId }, query: filters },
            }),
          ),
    placeholderData: (previous) => previous,
  });
  const names = new Map(buildings.data?.buildings.map((b) => [b.id, b.name]));
  useEffect(() => {
    document.title = query ? `${query} · byggdok` : 'byggdok';
  }, [query]);

  return (
    <section>
      <h1>{t('search.title')}</h1>
      <form
        className="filters"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          set({ q: formText(event.currentTarget, 'q') });
        }}
      >
        <label>
          {t('search.query')}
          <input name="q" type="search" defaultValue={query} key={query} />
        </label>
        <label>
          {t('search.owner')}
          <select value={ownerId} onChange={(event) => set({ owner: event.target.value, building: null })}>
            {owners.data?.buildingOwners.map((owner) => (
              <option key={owner.id} value={owner.id}>
                {owner.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('search.building')}
          <select value={building} onChange={(event) => set({ building: event.target.value })}>
            <option value="">{t('search.allBuildings')}</option>
            {buildings.data?.buildings.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('search.sort')}
          <select value={sortBy} onChange={(event) => set({ sort: event.target.value })}>
            <option value="relevance">{t('search.relevance')}</option>
            <option value="updatedAt">{t('search.newest')}</option>
            <option value="filename">{t('search.filename')}</option>
          </select>
        </label>
        <label className="inline">
          <input
            type="checkbox"
            checked={fuzzy}
            onChange={(event) => set({ fuzzy: event.target.checked ? null : 'off' })}
          />
          {t('search.fuzzy')}
        </label>
        <label className="inline">
          <input
            type="checkbox"
            checked={latestOnly}
            onChange={(event) => set({ revisions: event.target.checked ? null : 'all' })}
          />
          {t('revisions.latestOnly')}
        </label>
        <button type="submit">{t('search.go')}</button>
      </form>
      {query.trim() === '' ? (
        <p className="muted">{t('search.hint')}</p>
      ) : results.isPending ? (
        <p role="status">{t('search.searching', { query })}</p>
      ) : (
        <Loaded loading={false} error={results.error} retry={() => void results.refetch()}>
          <div className="search-layout">
            <aside aria-label={t('search.facets')}>
              {FACETS.map(([param, aggregation, title]) => (
                <Facet
                  key={param}
                  title={t(title)}
                  selected={params.get(param) ?? ''}
                  buckets={results.data?.aggregations?.[aggregation] ?? []}
                  choose={(value) => set({ [param]: value })}
                  {...(param === 'category'
                    ? { name: reference.category }
                    : param === 'discipline'
                      ? { name: reference.discipline }
                      : {})}
                />
              ))}
              <h2>{t('building.kind')}</h2>
              <ul className="facets">
                {(['document', 'drawing'] as const).map((kind) => (
                  <li key={kind}>
                    <button
                      type="button"
                      aria-pressed={documentType === kind}
                      onClick={() => set({ type: documentType === kind ? null : kind })}
                    >
                      {t(kind === 'drawing' ? 'building.drawings' : 'building.others')}
                    </button>
                  </li>
                ))}
              </ul>
            </aside>
            <div>
              <p role="status">
                {results.isPlaceholderData && results.isFetching
                  ? t('search.searching', { query })
                  : t('search.hits', { count: results.data?.numberOfHits ?? 0 })}
              </p>
              {results.data?.hits.length === 0 && !results.isPlaceholderData && (
                <div className="empty-hits">
                  <p>{t(filtered ? 'search.noneFiltered' : 'search.none', { query })}</p>
                  <p>
                    {filtered && (
                      <button type="button" onClick={clearFilters}>
                        {t('search.clearFilters')}
                      </button>
                    )}
                    {!fuzzy && (
                      <button type="button" onClick={() => set({ fuzzy: null })}>
                        {t('search.allowTypos')}
                      </button>
                    )}
                    {building && (
                      <button type="button" onClick={() => set({ building: null })}>
                        {t('search.everyBuilding')}
                      </button>
                    )}
                    {latestOnly && (
                      <button type="button" onClick={() => set({ revisions: 'all' })}>
                        {t('search.olderRevisions')}
                      </button>
                    )}
                  </p>
                </div>
              )}
              <ol className="hits" start={start + 1}>
                {results.data?.hits.map((hit) => {
                  const href = `/owners/${ownerId}/buildings/${hit.buildingId}/documents/${hit.id}`;
                  return (
                    <li key={hit.id}>
                      <Link to={href} className="hit-title">
                        <Highlighted text={hit.filename.split('/').pop() ?? hit.filename} query={query} />
                      </Link>
                      {!hit.isLatestRevision && <span className="badge">{t('revisions.superseded')}</span>}
                      {hit.title && hit.title !== hit.filename && (
                        <div>
                          <Highlighted text={hit.title} query={query} />
                        </div>
                      )}
                      <SearchPassages passages={hit.passages} documentHref={href} />
                      <div className="muted">
                        {[
                          names.get(hit.buildingId),
                          // the folder only: the file's name is the hit's title
                          hit.originalPath?.split('/').slice(0, -1).join('/'),
                          hit.buildingCategory && reference.category(hit.buildingCategory),
                          hit.discipline && reference.discipline(hit.discipline),
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </div>
                    </li>
                  );
                })}
              </ol>
              <nav className="pager" aria-label={t('search.pages')}>
                {start > 0 && (
                  <button type="button" onClick={() => set({ start: String(Math.max(0, start - PAGE)) })}>
                    {t('search.previous')}
                  </button>
                )}
                {(results.data?.hits.length ?? 0) === PAGE && (
                  <button type="button" onClick={() => set({ start: String(start + PAGE) })}>
                    {t('search.next')}
                  </button>
                )}
              </nav>
            </div>
          </div>
        </Loaded>
      )}
    </section>
  );
}
