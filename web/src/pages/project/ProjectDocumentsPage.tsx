import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api, formText, unwrap } from '../../api.js';
import { Failure, Loaded } from '../../components/Layout.js';
import { DisciplineSelect, InformationTypesPicker, useTypeName } from '../../components/Pickers.js';
import { Cell, Spacer, useVirtualRows } from '../../components/VirtualRows.js';
import { atLeast } from '../../roles.js';
import { listDeliveries, STATES, useProject, useSubcontractors } from './deliveries.js';
import { ArchivedNotice } from './ArchivedNotice.js';
import { ProjectNav } from './ProjectNav.js';
import { RenamePanel } from './RenamePanel.js';
import { useReferenceNames } from '../../reference.js';
import { formatsFor } from '../../format.js';

/** every document of a project, page by page (1,000 at a time) */
async function projectDocuments(projectId: string) {
  const documents = [];
  let nextToken: string | undefined;
  do {
    const page = await unwrap(
      api.GET('/construction/documents/project/{projectId}', {
        params: { path: { projectId }, query: { limit: 1000, ...(nextToken ? { next_token: nextToken } : {}) } },
      }),
    );
    documents.push(...page.documents);
    nextToken = page.nextToken ?? undefined;
  } while (nextToken);
  return documents;
}

type ProjectDocument = Awaited<ReturnType<typeof projectDocuments>>[number];
/** a cell's whole value on hover (a narrow column cuts it), none for an empty one */
const text = (value: string | null | undefined) => value || undefined;
const DRAWING = /\.(dwg|dxf)$/i;
const SETTABLE = STATES.filter((state) => state !== 'NO_DOCUMENTS' && state !== 'CORRUPT');

/**
 * A project's documents: the table with delivery, subcontractor and progress; many rows changed at once (category,
 * information types, progress, all or nothing); and renaming by the naming convention, previewed before it is applied
 * and undone after.
 */
export function ProjectDocumentsPage() {
  const names = useReferenceNames();
  const { t, i18n } = useTranslation();
  const { customerId = '', projectId = '' } = useParams();
  const queries = useQueryClient();
  const project = useProject(customerId, projectId);
  const documents = useQuery({
    queryKey: ['project-documents', projectId],
    queryFn: () => projectDocuments(projectId),
  });
  const deliveries = useQuery({ queryKey: ['deliveries', projectId], queryFn: () => listDeliveries(projectId) });
  const subcontractors = useSubcontractors(customerId, projectId);
  const typeName = useTypeName();
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const deliveryNames = new Map(
    deliveries.data?.deliveries.map((d) => [d.id, [d.fullCategory, d.description].filter(Boolean).join(' ')]),
  );
  const companyNames = new Map(subcontractors.data?.subcontractors.map((s) => [s.id, s.companyName]));
  const rows = (documents.data ?? []).filter((d) =>
    filter ? d.filename.toLocaleLowerCase('nb').includes(filter.toLocaleLowerCase('nb')) : true,
  );
  const canWrite = atLeast(project.data?.role, 'WRITE_ACCESS') && project.data?.status === 'ACTIVE';
  const refresh = () => void queries.invalidateQueries({ queryKey: ['project-documents', projectId] });
  const allShown = rows.length > 0 && rows.every((d) => selected.has(d.id));
  return (
    <section className="project">
      <p>
        <Link to="/projects">← {t('projects.back')}</Link>
      </p>
      <h1>{project.data?.name ?? t('construction.documents')}</h1>
      <ProjectNav />
      <ArchivedNotice project={project.data} />
      <Loaded loading={documents.isPending} error={documents.error} retry={() => void documents.refetch()}>
        {/* no documents at all: where they come from, not an empty table and a filter with nothing to filter */}
        {documents.data?.length === 0 && <p className="empty-state">{t('construction.noDocuments')}</p>}
      </Loaded>
      {!!documents.data?.length && (
        <>
          <div className="toolbar">
            <label>
              {t('construction.filterName')}
              <input type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
            </label>
            <span className="muted" role="status">
              {t('construction.shownSelected', { shown: rows.length, count: selected.size })}
            </span>
          </div>
          {canWrite && selected.size > 0 && (
            <BatchEdit
              ids={[...selected]}
              done={() => {
                setSelected(new Set());
                refresh();
              }}
            />
          )}
          <DocumentsTable
            rows={rows}
            selectable={canWrite}
            selected={selected}
            toggle={(id, on) => {
              const next = new Set(selected);
              if (on) next.add(id);
              else next.delete(id);
              setSelected(next);
            }}
            allShown={allShown}
            toggleAll={(on) => setSelected(on ? new Set(rows.map((d) => d.id)) : new Set())}
            cells={(d) => (
              <>
                <td className="card-title" title={d.filename}>
                  {DRAWING.test(d.filename) ? (
                    <Link to={`/projects/${customerId}/${projectId}/drawings/${d.id}`}>{d.filename}</Link>
                  ) : (
                    d.filename
                  )}
                </td>
                <Cell
                  label={t('building.category')}
                  title={text(d.buildingCategory && names.category(d.buildingCategory))}
                >
                  {d.buildingCategory ? names.category(d.buildingCategory) : '–'}
                </Cell>
                <Cell
                  label={t('construction.informationTypes')}
                  title={text(d.informationTypes.map(typeName).join(', '))}
                >
                  {d.informationTypes.map(typeName).join(', ') || '–'}
                </Cell>
                <Cell label={t('construction.delivery')} title={text(d.deliveryId && deliveryNames.get(d.deliveryId))}>
                  {d.deliveryId ? (deliveryNames.get(d.deliveryId) ?? '–') : '–'}
                </Cell>
                <Cell
                  label={t('construction.subcontractor')}
                  title={text(d.subcontractorId && companyNames.get(d.subcontractorId))}
                >
                  {d.subcontractorId ? (companyNames.get(d.subcontractorId) ?? '–') : '–'}
                </Cell>
                <Cell
                  label={t('construction.progress')}
                  className={`delivery-state state-${d.progressStatus ?? 'none'}`}
                  title={text(d.progressStatus && t(`projects.states.${d.progressStatus}`))}
                >
                  {d.progressStatus ? t(`projects.states.${d.progressStatus}`) : '–'}
                </Cell>
                <Cell label={t('building.size')}>{formatsFor(i18n.language).fileSize(d.size)}</Cell>
              </>
            )}
          />
          {rows.length === 0 && <p className="empty-state">{t('construction.noneNamed', { filter })}</p>}
        </>
      )}
      {/* nothing to rename in a project without documents */}
      {project.data && !!documents.data?.length && (
        <RenamePanel customerId={customerId} projectId={projectId} canWrite={canWrite} renamed={refresh} />
      )}
    </section>
  );
}

function DocumentsTable(props: {
  rows: ProjectDocument[];
  selectable: boolean;
  selected: Set<string>;
  toggle: (id: string, on: boolean) => void;
  allShown: boolean;
  toggleAll: (on: boolean) => void;
  cells: (d: ProjectDocument) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const { items, measure, before, after } = useVirtualRows(props.rows.length, scroller);
  const columns = 8;
  return (
    <div className="table-scroll documents-scroll" ref={scroller} tabIndex={0} aria-label={t('construction.documents')}>
      <table className="documents project-documents phone-cards" aria-rowcount={props.rows.length + 1}>
        <thead>
          {/* on a phone only the box choosing all is left of the head, named, over the cards */}
          <tr>
            <th data-phone={props.selectable ? '' : undefined}>
              {props.selectable && (
                <>
                  <input
                    type="checkbox"
                    aria-label={t('construction.selectAll')}
                    checked={props.allShown}
                    onChange={(event) => props.toggleAll(event.target.checked)}
                  />
                  <span className="phone-only" aria-hidden="true">
                    {t('construction.selectAll')}
                  </span>
                </>
              )}
            </th>
            <th>{t('building.name')}</th>
            <th>{t('building.category')}</th>
            <th>{t('construction.informationTypes')}</th>
            <th>{t('construction.delivery')}</th>
            <th>{t('construction.subcontractor')}</th>
            <th>{t('construction.progress')}</th>
            <th>{t('building.size')}</th>
          </tr>
        </thead>
        <tbody>
          <Spacer height={before} columns={columns} />
          {items.map((item) => {
            const d = props.rows[item.index]!;
            return (
              <tr key={d.id} ref={measure} data-index={item.index} aria-rowindex={item.index + 2}>
                <td className="card-choose">
                  {props.selectable && (
                    <input
                      type="checkbox"
                      aria-label={t('construction.select', { name: d.filename })}
                      checked={props.selected.has(d.id)}
                      onChange={(event) => props.toggle(d.id, event.target.checked)}
                    />
                  )}
                </td>
                {props.cells(d)}
              </tr>
            );
          })}
          <Spacer height={after} columns={columns} />
        </tbody>
      </table>
    </div>
  );
}

/** the same change to every chosen document: one request, all or nothing */
function BatchEdit(props: { ids: string[]; done: () => void }) {
  const { t } = useTranslation();
  const [types, setTypes] = useState<string[]>([]);
  const [changeTypes, setChangeTypes] = useState(false);
  const save = useMutation({
    mutationFn: (form: HTMLFormElement) => {
      const category = formText(form, 'category').trim();
      const progress = formText(form, 'progress');
      const discipline = formText(form, 'discipline');
      const change = {
        ...(category ? { buildingCategory: category } : {}),
        ...(discipline ? { discipline } : {}),
        ...(progress ? { progressStatus: progress as (typeof SETTABLE)[number] } : {}),
        ...(changeTypes ? { informationTypes: types } : {}),
      };
      return unwrap(
        api.PUT('/construction/documents/batch', {
          body: { documents: props.ids.map((id) => ({ id, ...change })) },
        }),
      );
    },
    onSuccess: props.done,
  });
  return (
    <form
      className="batch-edit"
      aria-label={t('construction.batchEdit', { count: props.ids.length })}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(event.currentTarget);
      }}
    >
      <h2>{t('construction.batchEdit', { count: props.ids.length })}</h2>
      <div className="form-grid">
        <label>
          {t('construction.newCategory')}
          <input name="category" maxLength={16} pattern="MSC|[2-7][0-9]{0,3}(\.[0-9]+)?" />
        </label>
        <DisciplineSelect
          name="discipline"
          label={t('construction.newDiscipline')}
          none={t('construction.unchanged')}
        />
        <label>
          {t('construction.newProgress')}
          <select name="progress" defaultValue="">
            <option value="">{t('construction.unchanged')}</option>
            {SETTABLE.map((state) => (
              <option key={state} value={state}>
                {t(`projects.states.${state}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="check">
          <input type="checkbox" checked={changeTypes} onChange={(event) => setChangeTypes(event.target.checked)} />
          {t('construction.replaceTypes')}
        </label>
      </div>
      {changeTypes && <InformationTypesPicker value={types} onChange={setTypes} store="id" />}
      <button type="submit" disabled={save.isPending}>
        {t('construction.applyBatch', { count: props.ids.length })}
      </button>
      <Failure error={save.error} />
    </form>
  );
}
