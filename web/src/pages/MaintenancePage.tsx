import type { paths } from '@byggdok/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api, formText, unwrap } from '../api.js';
import { Failure, Loaded } from '../components/Layout.js';
import { matches, nameIn } from '../reference.js';
import { atLeast, useOwnerRole } from '../roles.js';
import { nextDue, type Unit } from '../maintenance-dates.js';
import { formatsFor } from '../format.js';
import { ConfirmButton } from '../components/ui/Dialog.js';
import { DateField } from '../components/ui/DateField.js';

type OwnerTask =
  paths['/v1/building_owners/{buildingOwnerId}/maintenance_tasks']['get']['responses'][200]['content']['application/json']['tasks'][number];
type Performer = 'owner' | 'operator' | 'service_company';

const UNITS: Unit[] = ['day', 'week', 'month', 'year'];
const PERFORMERS: Performer[] = ['owner', 'operator', 'service_company'];
/** what the plan is narrowed to: words of the component, a status, who performs it ('' for any) */
const NO_TASK_FILTER = { text: '', status: '', performedBy: '' };
const ACTIONS = [
  'inspect',
  'clean',
  'replace',
  'test',
  'lubricate',
  'service',
  'adjust',
  'drain',
  'refill',
  'paint',
  'measure',
];

/** every task of the plan (the owner's, or one building's of it), page after page */
async function loadTasks(ownerId: string, buildingId: string | undefined): Promise<OwnerTask[]> {
  const tasks: OwnerTask[] = [];
  let nextToken: string | undefined;
  do {
    const page = await unwrap(
      api.GET('/v1/building_owners/{buildingOwnerId}/maintenance_tasks', {
        params: {
          path: { buildingOwnerId: ownerId },
          query: {
            limit: 1000,
            format: 'json',
            ...(buildingId ? { building_id: buildingId } : {}),
            ...(nextToken ? { next_token: nextToken } : {}),
          },
        },
      }),
    );
    tasks.push(...page.tasks);
    nextToken = page.nextToken ?? undefined;
  } while (nextToken);
  return tasks;
}

/** the plan's start date, kept per plan on this device */
function useStartDate(key: string): [string, (value: string) => void] {
  const stored = `byggdok.maintenance.start.${key}`;
  const [value, setValue] = useState(
    () => window.localStorage.getItem(stored) ?? new Date().toISOString().slice(0, 10),
  );
  return [
    value,
    (next) => {
      window.localStorage.setItem(stored, next);
      setValue(next);
    },
  ];
}

/**
 * A building's maintenance plan (or, without a building in the path, the owner's across the buildings the person
 * reads): every task found in the FDV documentation or added by a person, grouped by NS 3451 part and component, with
 * its interval, the next due date from the start date the person sets, its status, and the cited passage that opens
 * the document at that page. WRITE_ACCESS confirms, edits, deletes and adds; everyone exports CSV and iCalendar.
 */
export function MaintenancePage() {
  const { t, i18n } = useTranslation();
  const { ownerId = '', buildingId } = useParams();
  const role = useOwnerRole(ownerId);
  const writes = buildingId !== undefined && atLeast(role, 'WRITE_ACCESS');
  const queries = useQueryClient();
  // every NS 3451 code with its name (the pickers' reference holds only the codes deliveries take)
  const parts = useQuery({
    queryKey: ['ns3451-parts'],
    queryFn: async () => [
      ...(await import('../../../server/src/domain/classification/reference-data.js')).ns3451Entries(),
    ],
    staleTime: Infinity,
  });
  const [start, setStart] = useStartDate(buildingId ?? ownerId);
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const key = ['maintenance', ownerId, buildingId ?? ''];
  const tasks = useQuery({ queryKey: key, queryFn: () => loadTasks(ownerId, buildingId) });
  const buildings = useQuery({
    queryKey: ['buildings', ownerId],
    queryFn: () =>
      unwrap(
        api.GET('/v1/building_owners/{buildingOwnerId}/buildings', {
          params: { path: { buildingOwnerId: ownerId }, query: { limit: 1000 } },
        }),
      ),
    enabled: buildingId === undefined,
  });
  const building = useQuery({
    queryKey: ['building', ownerId, buildingId],
    queryFn: () =>
      unwrap(
        api.GET('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}', {
          params: { path: { buildingOwnerId: ownerId, buildingId: buildingId ?? '' } },
        }),
      ),
    enabled: buildingId !== undefined,
  });
  const changed = () => queries.invalidateQueries({ queryKey: key });
  const taskPath = (task: OwnerTask) => ({ buildingOwnerId: ownerId, buildingId: task.buildingId, taskId: task.id });
  const update = useMutation({
    mutationFn: (params: { task: OwnerTask; body: Record<string, unknown> }) =>
      unwrap(
        api.PATCH('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/maintenance_tasks/{taskId}', {
          params: { path: taskPath(params.task) },
          body: params.body,
        }),
      ),
    onSuccess: async () => {
      setEditing(null);
      await changed();
    },
  });
  const remove = useMutation({
    mutationFn: (task: OwnerTask) =>
      unwrap(
        api.DELETE('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/maintenance_tasks/{taskId}', {
          params: { path: taskPath(task) },
        }),
      ),
    onSuccess: changed,
  });
  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      unwrap(
        api.POST('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/maintenance_tasks', {
          params: { path: { buildingOwnerId: ownerId, buildingId: buildingId ?? '' } },
          body: body as never,
        }),
      ),
    onSuccess: async () => {
      setAdding(false);
      await changed();
    },
  });

  const categoryName = (code: string | null) => {
    if (!code) return t('maintenance.noCategory');
    const entry = parts.data?.find((c) => c.code === code) ?? null;
    return entry ? `${code} ${nameIn(i18n.language, entry)}` : code;
  };
  // while the buildings load, an ellipsis rather than a raw id
  const buildingName = (id: string) =>
    buildings.data ? (buildings.data.buildings.find((b) => b.id === id)?.name ?? t('maintenance.otherBuilding')) : '…';

  const [filter, setFilter] = useState(NO_TASK_FILTER);
  const filtered = useMemo(
    () =>
      (tasks.data ?? []).filter(
        (task) =>
          (filter.status === '' || task.status === filter.status) &&
          (filter.performedBy === '' || task.performedBy === filter.performedBy) &&
          matches(filter.text, task.component, task.componentCode ?? '', task.buildingCategory ?? ''),
      ),
    [tasks.data, filter],
  );
  const filtering = JSON.stringify(filter) !== JSON.stringify(NO_TASK_FILTER);
  const groups = useMemo(() => {
    const byCategory = new Map<string, Map<string, OwnerTask[]>>();
    for (const task of filtered) {
      const category = task.buildingCategory ?? '';
      const components = byCategory.get(category) ?? new Map<string, OwnerTask[]>();
      const list = components.get(task.component) ?? [];
      list.push(task);
      components.set(task.component, list);
      byCategory.set(category, components);
    }
    return [...byCategory.entries()]
      .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)))
      .map(([category, components]) => ({
        category,
        components: [...components.entries()].sort(([a], [b]) => a.localeCompare(b, i18n.language)),
      }));
  }, [filtered, i18n.language]);

  const dates = { format: formatsFor(i18n.language).date };
  const today = new Date();
  const exportHref = (format: 'csv' | 'ics') => {
    const query = new URLSearchParams({ format, start });
    if (buildingId) query.set('building_id', buildingId);
    return `/v1/building_owners/${ownerId}/maintenance_tasks?${query.toString()}`;
  };
  const counts = {
    total: tasks.data?.length ?? 0,
    proposed: tasks.data?.filter((task) => task.status === 'proposed').length ?? 0,
  };
  const failure = update.error ?? remove.error ?? create.error;

  return (
    <section className="maintenance">
      <p>
        {buildingId ? (
          <Link to={`/owners/${ownerId}/buildings/${buildingId}`}>← {t('document.back')}</Link>
        ) : (
          <Link to="/">← {t('building.back')}</Link>
        )}
      </p>
      <h1>
        {t('maintenance.title')}
        {buildingId ? `: ${building.data?.name ?? '…'}` : ''}
      </h1>
      <p className="muted">{t('maintenance.intro')}</p>
      {buildingId && (
        <p>
          <Link to={`/owners/${ownerId}/maintenance`}>{t('maintenance.ownerWide')} →</Link>
        </p>
      )}
      <form className="filters" aria-label={t('maintenance.settings')} onSubmit={(event) => event.preventDefault()}>
        <DateField
          label={t('maintenance.start')}
          value={start}
          required
          onChange={(value) => value && setStart(value)}
        />
        <a className="button" href={exportHref('csv')} download>
          {t('maintenance.exportCsv')}
        </a>
        <a className="button" href={exportHref('ics')} download>
          {t('maintenance.exportIcs')}
        </a>
        {writes && (
          <button type="button" onClick={() => setAdding(!adding)} aria-expanded={adding}>
            {t('maintenance.add')}
          </button>
        )}
      </form>
      {adding && (
        <TaskForm
          submitLabel={t('maintenance.add')}
          pending={create.isPending}
          onCancel={() => setAdding(false)}
          onSubmit={(body) => create.mutate(body)}
        />
      )}
      <Failure error={failure} />
      <Loaded loading={tasks.isPending} error={tasks.error} retry={() => void tasks.refetch()}>
        <p className="muted" role="status">
          {t('maintenance.count', { count: counts.total, total: counts.total, proposed: counts.proposed })}
        </p>
        {counts.total > 0 && (
          <form className="filters" aria-label={t('maintenance.filter')} onSubmit={(event) => event.preventDefault()}>
            <label>
              {t('maintenance.search')}
              <input
                type="search"
                value={filter.text}
                onChange={(event) => setFilter({ ...filter, text: event.target.value })}
              />
            </label>
            <label>
              {t('maintenance.status')}
              <select value={filter.status} onChange={(event) => setFilter({ ...filter, status: event.target.value })}>
                <option value="">{t('building.all')}</option>
                {(['proposed', 'confirmed'] as const).map((status) => (
                  <option key={status} value={status}>
                    {t(`maintenance.statuses.${status}`)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('maintenance.performedBy')}
              <select
                value={filter.performedBy}
                onChange={(event) => setFilter({ ...filter, performedBy: event.target.value })}
              >
                <option value="">{t('building.all')}</option>
                {PERFORMERS.map((performer) => (
                  <option key={performer} value={performer}>
                    {t(`maintenance.performers.${performer}`)}
                  </option>
                ))}
              </select>
            </label>
            {/* when nothing matches, the message below offers it: one "clear" at a time */}
            {filtering && filtered.length > 0 && (
              <button type="button" onClick={() => setFilter(NO_TASK_FILTER)}>
                {t('building.clear')}
              </button>
            )}
          </form>
        )}
        {counts.total === 0 ? (
          <p className="empty-state">{t(writes ? 'maintenance.noneAdd' : 'maintenance.none')}</p>
        ) : (
          filtered.length === 0 && (
            <div className="empty-state">
              <p>{t('maintenance.noMatch', { total: counts.total })}</p>
              <button type="button" onClick={() => setFilter(NO_TASK_FILTER)}>
                {t('building.clear')}
              </button>
            </div>
          )
        )}
        {groups.map((group) => (
          <section key={group.category || 'none'} className="maintenance-group">
            <h2>{categoryName(group.category || null)}</h2>
            {group.components.map(([component, list]) => (
              <div key={component} className="table-scroll">
                <table className="maintenance-tasks">
                  <caption>{component}</caption>
                  <thead>
                    <tr>
                      <th className="col-action">{t('maintenance.action')}</th>
                      <th className="col-interval">{t('maintenance.interval')}</th>
                      <th className="col-performer">{t('maintenance.performedBy')}</th>
                      <th className="col-due">{t('maintenance.nextDue')}</th>
                      <th className="col-status">{t('maintenance.status')}</th>
                      <th>{t('maintenance.source')}</th>
                      {!buildingId && <th className="col-building">{t('maintenance.building')}</th>}
                      {writes && <th className="col-buttons">{t('maintenance.actions')}</th>}
                    </tr>
                  </thead>
                  <tbody>
                    {list.map((task) =>
                      editing === task.id ? (
                        <tr key={task.id}>
                          <td colSpan={6 + (buildingId ? 0 : 1) + (writes ? 1 : 0)}>
                            <TaskForm
                              task={task}
                              submitLabel={t('document.save')}
                              pending={update.isPending}
                              onCancel={() => setEditing(null)}
                              onSubmit={(body) => update.mutate({ task, body })}
                            />
                          </td>
                        </tr>
                      ) : (
                        <tr key={task.id}>
                          <td data-label={t('maintenance.action')}>
                            {ACTIONS.includes(task.action) ? t(`maintenance.actionNames.${task.action}`) : task.action}
                          </td>
                          <td title={task.intervalText} data-label={t('maintenance.interval')}>
                            {task.interval
                              ? t(`maintenance.every.${task.interval.unit}`, { count: task.interval.every })
                              : task.intervalText}
                          </td>
                          <td data-label={t('maintenance.performedBy')}>
                            {task.performedBy ? t(`maintenance.performers.${task.performedBy}`) : '–'}
                          </td>
                          <td data-label={t('maintenance.nextDue')}>
                            {task.interval
                              ? dates.format(
                                  nextDue({ start: new Date(`${start}T00:00:00`), interval: task.interval, today }),
                                )
                              : '–'}
                          </td>
                          <td data-label={t('maintenance.status')}>
                            <span className={`status status-${task.status}`}>
                              {t(`maintenance.statuses.${task.status}`)}
                            </span>
                          </td>
                          <td className="maintenance-source" data-label={t('maintenance.source')}>
                            {task.citation ? (
                              <Citation ownerId={ownerId} task={task} />
                            ) : (
                              <span className="muted">{t('maintenance.byPerson')}</span>
                            )}
                          </td>
                          {!buildingId && (
                            <td data-label={t('maintenance.building')}>
                              <Link to={`/owners/${ownerId}/buildings/${task.buildingId}/maintenance`}>
                                {buildingName(task.buildingId)}
                              </Link>
                            </td>
                          )}
                          {writes && (
                            <td className="maintenance-buttons">
                              {task.status === 'proposed' && (
                                <button
                                  type="button"
                                  disabled={update.isPending}
                                  onClick={() => update.mutate({ task, body: { status: 'confirmed' } })}
                                  aria-label={t('maintenance.confirmNamed', { name: task.component })}
                                >
                                  {t('maintenance.confirm')}
                                </button>
                              )}
                              <button
                                type="button"
                                onClick={() => setEditing(task.id)}
                                aria-label={t('maintenance.editNamed', { name: task.component })}
                              >
                                {t('maintenance.edit')}
                              </button>
                              <ConfirmButton
                                disabled={remove.isPending}
                                aria-label={t('maintenance.deleteNamed', { name: task.component })}
                                title={t('maintenance.deleteNamed', { name: task.component })}
                                message={t('maintenance.deleteConfirm', { name: task.component })}
                                confirm={t('maintenance.delete')}
                                onConfirm={() => remove.mutate(task)}
                              >
                                {t('maintenance.delete')}
                              </ConfirmButton>
                            </td>
                          )}
                        </tr>
                      ),
                    )}
                  </tbody>
                </table>
              </div>
            ))}
          </section>
        ))}
      </Loaded>
    </section>
  );
}

/** the cited passage, opening its document at the cited page with the passage marked (as the ask page does) */
function Citation(props: { ownerId: string; task: OwnerTask }) {
  const { t } = useTranslation();
  const citation = props.task.citation!;
  const query = new URLSearchParams({ quote: citation.cited_text });
  if (citation.page_number) query.set('page', String(citation.page_number));
  const href = `/owners/${props.ownerId}/buildings/${props.task.buildingId}/documents/${citation.document_id}?${query.toString()}`;
  return (
    <Link to={href} className="citation" title={citation.cited_text}>
      {t('maintenance.passage', {
        text: `${citation.cited_text.replace(/\s+/g, ' ').slice(0, 90)}${citation.cited_text.length > 90 ? '…' : ''}`,
      })}{' '}
      {citation.page_number ? t('maintenance.page', { page: citation.page_number }) : ''}
    </Link>
  );
}

/** a task's fields, for a new task or an edit */
function TaskForm(props: {
  task?: OwnerTask;
  submitLabel: string;
  pending: boolean;
  onSubmit: (body: Record<string, unknown>) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { task } = props;
  return (
    <form
      className="filters maintenance-form"
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const every = Number(formText(form, 'every'));
        const performer = formText(form, 'performedBy');
        const code = formText(form, 'componentCode').trim();
        props.onSubmit({
          component: formText(form, 'component').trim(),
          action: formText(form, 'action').trim(),
          interval: every > 0 ? { every, unit: formText(form, 'unit') } : null,
          performedBy: performer === '' ? null : performer,
          ...(code || task?.componentCode ? { componentCode: code || null } : {}),
        });
      }}
    >
      <label>
        {t('maintenance.component')}
        <input name="component" required maxLength={300} defaultValue={task?.component ?? ''} />
      </label>
      <label>
        {t('maintenance.componentCode')}
        <input name="componentCode" maxLength={100} defaultValue={task?.componentCode ?? ''} />
      </label>
      <label>
        {t('maintenance.action')}
        <select name="action" defaultValue={task?.action ?? 'inspect'}>
          {[...new Set([...ACTIONS, ...(task ? [task.action] : [])])].map((action) => (
            <option key={action} value={action}>
              {ACTIONS.includes(action) ? t(`maintenance.actionNames.${action}`) : action}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('maintenance.everyLabel')}
        <input name="every" type="number" min={0} max={1000} defaultValue={task?.interval?.every ?? 12} />
      </label>
      <label>
        {t('maintenance.unit')}
        <select name="unit" defaultValue={task?.interval?.unit ?? 'month'}>
          {UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {t(`maintenance.units.${unit}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('maintenance.performedBy')}
        <select name="performedBy" defaultValue={task?.performedBy ?? ''}>
          <option value="">–</option>
          {PERFORMERS.map((performer) => (
            <option key={performer} value={performer}>
              {t(`maintenance.performers.${performer}`)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={props.pending}>
        {props.submitLabel}
      </button>
      <button type="button" onClick={props.onCancel}>
        {t('maintenance.cancel')}
      </button>
    </form>
  );
}
