import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api, unwrap, type DocumentRow } from '../api.js';
import {
  categoryTree,
  facet,
  filterDocuments,
  NO_FILTER,
  processingState,
  type DocumentFilter,
  type Kind,
  type SortKey,
} from '../documents-filter.js';
import { atLeast, useOwnerRole } from '../roles.js';
import { useBuildingDocuments } from '../use-building-documents.js';
import { Loaded } from '../components/Layout.js';
import { BuildingProgress, useBuildingStatus } from '../components/BuildingProgress.js';
import { UploadPanel } from '../components/UploadPanel.js';
import { Cell, Spacer, useVirtualRows } from '../components/VirtualRows.js';
import { useReferenceNames } from '../reference.js';
import { formatsFor } from '../format.js';
import { BulkActions } from '../components/BulkActions.js';
import { Combobox } from '../components/ui/Combobox.js';
import { chosenOf, NO_SELECTION, shownState, toggleAllShown, toggleRow, type Selection } from '../selection.js';

/**
 * A building's documents as a table: processing progress live for the building and each document, sorting, and
 * filters by the NS 3451 tree, discipline, information type, drawing or document, floor and processing state. Every
 * document is loaded (a thousand per request, in the background) and only the rows in view are drawn, so 10,000
 * documents filter and scroll without waiting on the server.
 */
export function BuildingPage() {
  const names = useReferenceNames();
  const { t, i18n } = useTranslation();
  const { ownerId = '', buildingId = '' } = useParams();
  const role = useOwnerRole(ownerId);
  const path = { buildingOwnerId: ownerId, buildingId };
  const [sort, setSort] = useState<{ key: SortKey; ascending: boolean }>({ key: 'changed', ascending: false });
  const [filter, setFilter] = useState<DocumentFilter>(NO_FILTER);
  const [moreFilters, setMoreFilters] = useState(false);
  // the filters besides the name's that narrow the list now (said on the phone's button)
  const activeFilters = (Object.keys(NO_FILTER) as (keyof DocumentFilter)[]).filter(
    (key) => key !== 'text' && filter[key] !== NO_FILTER[key],
  ).length;
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);

  const building = useQuery({
    queryKey: ['building', ownerId, buildingId],
    queryFn: () =>
      unwrap(api.GET('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}', { params: { path } })),
  });
  const status = useBuildingStatus(ownerId, buildingId);
  const documents = useBuildingDocuments(ownerId, buildingId, status.data?.processed_documents);
  const all = documents.documents;
  const categories = useMemo(() => categoryTree(all), [all]);
  const disciplines = useMemo(() => facet(all, (d) => [d.discipline]), [all]);
  const informationTypes = useMemo(() => facet(all, (d) => d.informationTypes), [all]);
  const floors = useMemo(() => facet(all, (d) => [d.floor]), [all]);
  const shown = useMemo(() => filterDocuments(all, filter, sort, i18n.language), [all, filter, sort, i18n.language]);
  const set = (patch: Partial<DocumentFilter>) => setFilter((current) => ({ ...current, ...patch }));
  const shownIds = useMemo(() => shown.map((d) => d.id), [shown]);
  const allIds = useMemo(() => all.map((d) => d.id), [all]);
  const chosen = useMemo(() => chosenOf(selection, allIds), [selection, allIds]);

  const toggle = (key: SortKey) =>
    setSort((current) => ({ key, ascending: current.key === key ? !current.ascending : key !== 'changed' }));
  const header = (key: SortKey, label: string, before?: React.ReactNode) => (
    <th aria-sort={sort.key === key ? (sort.ascending ? 'ascending' : 'descending') : 'none'} data-phone="">
      {before}
      <button type="button" onClick={() => toggle(key)} title={t('building.sortBy', { column: label })}>
        {label} {sort.key === key ? (sort.ascending ? '▲' : '▼') : ''}
      </button>
    </th>
  );
  const numbers = { format: formatsFor(i18n.language).number };
  // on a phone the columns are no header to click: one compact select sorts the cards, beside the box choosing all
  const columns: Record<SortKey, string> = {
    name: t('building.name'),
    category: t('building.category'),
    changed: t('building.changed'),
  };
  const sortPicker = (
    <select
      className="phone-only sort-picker"
      aria-label={t('building.sortOn')}
      value={`${sort.key}:${sort.ascending ? 'up' : 'down'}`}
      onChange={(event) => {
        const [key, direction] = event.target.value.split(':') as [SortKey, string];
        setSort({ key, ascending: direction === 'up' });
      }}
    >
      {PHONE_SORTS.map(([key, ascending]) => (
        <option key={`${key}:${ascending}`} value={`${key}:${ascending ? 'up' : 'down'}`}>
          {key === 'changed'
            ? t(ascending ? 'building.sortOldest' : 'building.sortNewest', { column: columns[key] })
            : t(ascending ? 'building.sortAscending' : 'building.sortDescending', { column: columns[key] })}
        </option>
      ))}
    </select>
  );

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
        {' · '}
        <Link to={`/owners/${ownerId}/buildings/${buildingId}/maintenance`}>{t('maintenance.open')} →</Link>
      </p>
      <h2>{t('building.documents')}</h2>
      <BuildingProgress ownerId={ownerId} buildingId={buildingId} />
      {atLeast(role, 'WRITE_ACCESS') && <UploadPanel ownerId={ownerId} buildingId={buildingId} />}
      <form className="filters" aria-label={t('building.filter')} onSubmit={(event) => event.preventDefault()}>
        <label>
          {t('building.search')}
          <input type="search" value={filter.text} onChange={(event) => set({ text: event.target.value })} />
        </label>
        {/* on a phone the other filters wait behind one button, so the documents are not a screen below the top */}
        <button
          type="button"
          className="more-filters"
          aria-expanded={moreFilters}
          aria-controls="building-more-filters"
          onClick={() => setMoreFilters((shown) => !shown)}
        >
          {t('building.moreFilters', { count: activeFilters })}
        </button>
        <div id="building-more-filters" className={`filters-more${moreFilters ? '' : ' phone-collapsed'}`}>
          <Combobox
            label={t('building.category')}
            value={filter.category}
            onChange={(category) => set({ category })}
            empty={t('building.all')}
            options={categories.map((node) => ({
              value: node.code,
              label: `${names.category(node.code)} (${numbers.format(node.count)})`,
              depth: node.depth,
            }))}
          />
          <Combobox
            label={t('building.discipline')}
            value={filter.discipline}
            onChange={(discipline) => set({ discipline })}
            empty={t('building.all')}
            options={disciplines.map((option) => ({
              value: option.value,
              label: `${names.discipline(option.value)} (${numbers.format(option.count)})`,
            }))}
          />
          <Combobox
            label={t('document.informationTypes')}
            value={filter.informationType}
            onChange={(informationType) => set({ informationType })}
            empty={t('building.all')}
            options={informationTypes.map((option) => ({
              value: option.value,
              label: `${names.type(option.value)} (${numbers.format(option.count)})`,
            }))}
          />
          <Choice
            label={t('document.floor')}
            value={filter.floor}
            options={floors}
            all={t('building.all')}
            onChange={(floor) => set({ floor })}
          />
          <label>
            {t('building.kind')}
            <select value={filter.kind} onChange={(event) => set({ kind: event.target.value as Kind })}>
              <option value="all">{t('building.all')}</option>
              <option value="drawings">{t('building.drawings')}</option>
              <option value="others">{t('building.others')}</option>
            </select>
          </label>
          <label>
            {t('building.state')}
            <select
              value={filter.state}
              onChange={(event) => set({ state: event.target.value as DocumentFilter['state'] })}
            >
              <option value="">{t('building.all')}</option>
              {STATES.map((state) => (
                <option key={state} value={state}>
                  {t(`building.states.${state}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="inline">
            <input
              type="checkbox"
              checked={filter.latestOnly}
              onChange={(event) => set({ latestOnly: event.target.checked })}
            />
            {t('revisions.latestOnly')}
          </label>
        </div>
        {JSON.stringify(filter) !== JSON.stringify(NO_FILTER) && (
          <button type="button" onClick={() => setFilter(NO_FILTER)}>
            {t('building.clear')}
          </button>
        )}
      </form>
      <Loaded loading={documents.isPending} error={documents.error} retry={documents.refetch}>
        <p className="muted" role="status">
          {t('building.showing', {
            count: all.length,
            shown: numbers.format(shown.length),
            loaded: numbers.format(all.length),
          })}
          {documents.loadingMore && ` · ${t('building.loadingMore')}`}
        </p>
        {chosen.length > 0 && (
          <BulkActions
            ownerId={ownerId}
            buildingId={buildingId}
            ids={chosen}
            role={role}
            clear={() => setSelection(NO_SELECTION)}
          />
        )}
        {all.length === 0 && !documents.loadingMore ? (
          <p>{t(atLeast(role, 'WRITE_ACCESS') ? 'building.noDocumentsUpload' : 'building.noDocuments')}</p>
        ) : shown.length === 0 ? (
          <p>{t('building.none')}</p>
        ) : (
          <DocumentTable
            rows={shown}
            header={header}
            sortPicker={sortPicker}
            ownerId={ownerId}
            buildingId={buildingId}
            selection={selection}
            toggle={(id, checked, range) => setSelection((current) => toggleRow(current, shownIds, id, checked, range))}
            toggleAll={() => setSelection((current) => toggleAllShown(current, shownIds))}
            allState={shownState(selection, shownIds)}
          />
        )}
      </Loaded>
    </section>
  );
}

const STATES = ['processing', 'ready', 'unreadable', 'corrupt'] as const;
/** the phone's sort choices: each column both ways, the newest changed first */
const PHONE_SORTS: [SortKey, boolean][] = [
  ['changed', false],
  ['changed', true],
  ['name', true],
  ['name', false],
  ['category', true],
  ['category', false],
];

function Choice(props: {
  label: string;
  value: string;
  options: { value: string; count: number }[];
  all: string;
  onChange: (value: string) => void;
  /** an option's name (the reference data's, in the person's language); the value as is without it */
  name?: (value: string) => string;
}) {
  return (
    <label>
      {props.label}
      <select value={props.value} onChange={(event) => props.onChange(event.target.value)}>
        <option value="">{props.all}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {props.name ? props.name(option.value) : option.value} ({option.count})
          </option>
        ))}
      </select>
    </label>
  );
}

/** the folder a document came from (its path without the file name), or a dash at the top */
const folderOf = (path: string) => path.split('/').slice(0, -1).join('/') || '–';

/** the table, drawing only the rows in view (and a few around them) however many documents pass the filters */
function DocumentTable(props: {
  rows: DocumentRow[];
  header: (key: SortKey, label: string, before?: React.ReactNode) => React.ReactNode;
  /** the phone's select sorting the cards */
  sortPicker: React.ReactNode;
  ownerId: string;
  buildingId: string;
  selection: Selection;
  /** `range`: a shift-click, from the row last clicked to this one */
  toggle: (id: string, checked: boolean, range: boolean) => void;
  toggleAll: () => void;
  allState: 'all' | 'some' | 'none';
}) {
  const names = useReferenceNames();
  const { t, i18n } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const { items, measure, before, after } = useVirtualRows(props.rows.length, scroller);
  const dates = formatsFor(i18n.language);
  // the box choosing every shown row sits in the name column's header, as each row's box sits by its name
  const chooseAll = (
    <input
      type="checkbox"
      className="choose"
      aria-label={t('bulk.allShown', { count: props.rows.length })}
      title={t('bulk.allShown', { count: props.rows.length })}
      checked={props.allState === 'all'}
      ref={(box) => {
        if (box) box.indeterminate = props.allState === 'some';
      }}
      onChange={props.toggleAll}
    />
  );
  const chooseAllNamed = (
    <>
      {chooseAll}
      <span className="phone-only" aria-hidden="true">
        {t('bulk.allShort', { count: props.rows.length })}
      </span>
      {props.sortPicker}
    </>
  );
  return (
    <div className="table-scroll documents-scroll" ref={scroller} tabIndex={0} aria-label={t('building.documents')}>
      <table className="documents selectable phone-cards" aria-rowcount={props.rows.length + 1}>
        <thead>
          {/* on a phone the head is one line over the cards: the box choosing all and a select sorting them */}
          <tr>
            {props.header('name', t('building.name'), chooseAllNamed)}
            <th>{t('building.folder')}</th>
            {props.header('category', t('building.category'))}
            <th>{t('building.discipline')}</th>
            <th>{t('document.floor')}</th>
            {props.header('changed', t('building.changed'))}
            <th>{t('building.size')}</th>
            <th>{t('building.state')}</th>
          </tr>
        </thead>
        <tbody>
          <Spacer height={before} columns={8} />
          {items.map((item) => {
            const d = props.rows[item.index]!;
            const state = processingState(d);
            return (
              <tr
                key={d.id}
                ref={measure}
                data-index={item.index}
                aria-rowindex={item.index + 2}
                aria-selected={props.selection.ids.has(d.id)}
              >
                <td title={d.filename} className="card-title">
                  <input
                    type="checkbox"
                    className="choose"
                    aria-label={t('bulk.choose', { name: d.filename })}
                    checked={props.selection.ids.has(d.id)}
                    onChange={(event) =>
                      // a checkbox's change comes from a click: shift held reaches back to the row last clicked
                      props.toggle(d.id, event.target.checked, (event.nativeEvent as MouseEvent).shiftKey === true)
                    }
                  />
                  <Link to={`/owners/${props.ownerId}/buildings/${props.buildingId}/documents/${d.id}`}>
                    {d.filename}
                  </Link>
                  {!d.isLatestRevision && <span className="badge">{t('revisions.superseded')}</span>}
                </td>
                <Cell label={t('building.folder')} className="muted" title={d.originalPath}>
                  {folderOf(d.originalPath)}
                </Cell>
                <Cell
                  label={t('building.category')}
                  title={d.buildingCategory ? names.category(d.buildingCategory) : undefined}
                >
                  {d.buildingCategory ? names.category(d.buildingCategory) : '–'}
                </Cell>
                <Cell
                  label={t('building.discipline')}
                  title={d.discipline ? names.discipline(d.discipline) : undefined}
                >
                  {d.discipline ? names.discipline(d.discipline) : '–'}
                </Cell>
                <Cell label={t('document.floor')}>{d.floor ?? '–'}</Cell>
                <Cell label={t('building.changed')} title={dates.dateTime(d.updatedAt)}>
                  {dates.date(d.updatedAt)}
                </Cell>
                <Cell label={t('building.size')}>{formatsFor(i18n.language).fileSize(d.size)}</Cell>
                <Cell
                  label={t('building.state')}
                  className={`state state-${state}`}
                  title={d.processing.reason ?? undefined}
                >
                  {t(`building.states.${state}`)}
                </Cell>
              </tr>
            );
          })}
          <Spacer height={after} columns={8} />
        </tbody>
      </table>
    </div>
  );
}
