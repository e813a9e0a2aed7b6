import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api, unwrap } from '../api.js';
import { InviteForm } from '../components/InviteForm.js';
import { Failure, Loaded } from '../components/Layout.js';
import { AUDIT_ACTIONS_NAMED } from '../i18n.js';
import { atLeast, customerGrantBound, ROLES, useMe, type Role } from '../roles.js';
import { formatsFor } from '../format.js';
import { ConfirmButton, Dialog } from '../components/ui/Dialog.js';
import { useToast } from '../components/ui/Toast.js';
import { useCustomerProjects } from './project/deliveries.js';

/**
 * A person's role in the whole customer, changed in place: the roles the viewer may give, and a yes asked first (the
 * role reaches every project where the person has no role of their own; a select changes at a mere arrow key)
 */
function MemberRole(props: {
  user: { name: string; email: string; role: Role };
  /** the roles the viewer may give (the person's own among them) */
  roles: Role[];
  /** the role being given now, shown until the list has it */
  giving: Role | null;
  disabled: boolean;
  change: (role: Role) => void;
}) {
  const { t } = useTranslation();
  const [asked, setAsked] = useState<Role | null>(null);
  const messageId = useId();
  const { user } = props;
  const name = user.name || user.email;
  return (
    <>
      <select
        className="member-role"
        aria-label={t('people.roleOf', { name })}
        value={asked ?? props.giving ?? user.role}
        disabled={props.disabled}
        onChange={(event) => setAsked(event.target.value as Role)}
      >
        {props.roles.map((role) => (
          <option key={role} value={role}>
            {t(`people.roles.${role}`)}
          </option>
        ))}
      </select>
      <Dialog
        open={asked !== null}
        title={t('people.changeRoleTitle', { name })}
        onClose={() => setAsked(null)}
        describedBy={messageId}
      >
        <p id={messageId}>
          {t('people.confirmRoleChange', {
            name,
            from: t(`people.roles.${user.role}`),
            to: t(`people.roles.${asked ?? user.role}`),
          })}
        </p>
        <div className="dialog-actions">
          <button type="button" data-autofocus onClick={() => setAsked(null)}>
            {t('dialog.cancel')}
          </button>
          <button
            type="button"
            className="primary"
            onClick={() => {
              if (asked) props.change(asked);
              setAsked(null);
            }}
          >
            {t('people.changeRole')}
          </button>
        </div>
      </Dialog>
    </>
  );
}

/**
 * the customer's people: who they are, their role and when they last signed in; invite, change a role, remove (OWNER
 * or more)
 */
function Members(props: {
  customerId: string;
  /** named in the heading: "People in Bryggen Eiendom AS" */
  customerName: string;
  role: Role;
  /** the highest role they may give in the whole customer (see `customerGrantBound`) */
  grantsUpTo: Role;
  myId: string;
}) {
  const { t, i18n } = useTranslation();
  const path = { customerId: props.customerId };
  const queries = useQueryClient();
  const changed = async () => {
    await members.refetch();
    await queries.invalidateQueries({ queryKey: ['audit', props.customerId] });
  };
  const members = useQuery({
    queryKey: ['members', props.customerId],
    queryFn: () => unwrap(api.GET('/construction/customers/{customerId}/idp/users', { params: { path } })),
  });
  const toast = useToast();
  const invite = useMutation({
    mutationFn: (body: { email: string; role: Role; locale: 'no' | 'en' }) =>
      unwrap(api.POST('/construction/customers/{customerId}/idp/users', { params: { path }, body })),
    onSuccess: async (invited) => {
      await changed();
      toast(t('people.invited', { email: invited.email, role: t(`people.roles.${invited.role}`) }));
    },
  });
  const remove = useMutation({
    mutationFn: (userId: string) =>
      unwrap(
        api.DELETE('/construction/customers/{customerId}/idp/users/{userId}', {
          params: { path: { ...path, userId } },
        }),
      ),
    onSuccess: async (_data, userId) => {
      const email = members.data?.users.find((user) => user.id === userId)?.email;
      await changed();
      if (email) toast(t('people.removed', { email }));
    },
  });
  const setRole = useMutation({
    mutationFn: (change: { userId: string; role: Role }) =>
      unwrap(
        api.PUT('/construction/customers/{customerId}/idp/users/{userId}/role', {
          params: { path: { ...path, userId: change.userId } },
          body: { role: change.role },
        }),
      ),
    onSuccess: async (changedMember) => {
      await changed();
      toast(
        t('people.roleChanged', {
          name: changedMember.name || changedMember.email,
          role: t(`people.roles.${changedMember.role}`),
        }),
      );
    },
  });
  const dates = { format: formatsFor(i18n.language).dateTime };
  // nobody gives a role above their own, in any project the customer role reaches
  const grantable = ROLES.filter((role) => atLeast(props.grantsUpTo, role));
  // nor changes their own role, or that of someone it would bound them (the service decides; this keeps out of sight
  // what it would refuse)
  const mayChange = (user: { id: string; role: Role }) => user.id !== props.myId && grantable.includes(user.role);
  return (
    <section aria-labelledby="members-title">
      <h2 id="members-title">{t('people.members', { customer: props.customerName })}</h2>
      <Loaded loading={members.isPending} error={members.error} retry={() => void members.refetch()}>
        {members.data?.users.length === 0 && <p className="muted">{t('people.noMembers')}</p>}
        <div className="table-scroll" hidden={members.data?.users.length === 0}>
          <table className="members stack-on-phone">
            <thead>
              <tr>
                <th>{t('people.name')}</th>
                <th>{t('people.email')}</th>
                <th>{t('people.role')}</th>
                <th>{t('people.status')}</th>
                <th>{t('people.lastSignIn')}</th>
                <th>
                  <span className="visually-hidden">{t('people.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {members.data?.users.map((user) => (
                <tr key={user.id}>
                  <td className="stack-title">{user.name || <span className="muted">{t('people.noName')}</span>}</td>
                  <td data-label={t('people.email')}>{user.email}</td>
                  <td data-label={t('people.role')}>
                    {mayChange(user) ? (
                      <MemberRole
                        user={user}
                        roles={grantable}
                        giving={
                          setRole.isPending && setRole.variables.userId === user.id ? setRole.variables.role : null
                        }
                        disabled={setRole.isPending}
                        change={(role) => setRole.mutate({ userId: user.id, role })}
                      />
                    ) : (
                      t(`people.roles.${user.role}`)
                    )}
                  </td>
                  <td data-label={t('people.status')}>{t(`people.statuses.${user.status}`)}</td>
                  <td data-label={t('people.lastSignIn')}>
                    {user.lastSignInAt ? dates.format(new Date(user.lastSignInAt)) : t('people.never')}
                  </td>
                  <td>
                    {/* removing someone takes ADMIN (the service's `administer`): an OWNER is offered no button it may not use */}
                    {user.id !== props.myId && atLeast(props.role, 'ADMIN') && (
                      <ConfirmButton
                        disabled={remove.isPending}
                        aria-label={t('people.removeNamed', { name: user.email })}
                        title={t('people.removeNamed', { name: user.email })}
                        message={t('people.confirmRemove', { name: user.email })}
                        confirm={t('people.remove')}
                        onConfirm={() => remove.mutate(user.id)}
                      >
                        {t('people.remove')}
                      </ConfirmButton>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Loaded>
      <Failure error={setRole.error} />
      <Failure error={remove.error} />
      <h3>{t('people.invite')}</h3>
      <InviteForm
        roleLabel={t('people.role')}
        roles={grantable}
        defaultRole="READ_ACCESS"
        pending={invite.isPending}
        invite={(input, done) => invite.mutate(input, { onSuccess: done })}
      />
      <Failure error={invite.error} />
    </section>
  );
}

const ROLE_VALUES = new Set(['NO_ACCESS', 'READ_ACCESS', 'WRITE_ACCESS', 'OWNER', 'ADMIN']);
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** the ids of the service's own records (a change set, a handover, a delivery's), which mean nothing to a reader */
const INTERNAL_DETAILS = new Set([
  'changeSetId',
  'undoneChangeSetId',
  'handoverId',
  'deliveryId',
  'replacesDocumentId',
  'flags',
]);

/**
 * an audit event's details in words: fields by name, roles, languages and approvals by name, moments as dates, ids by
 * the name of what they are, no nulls and no internal ids
 */
function AuditDetails(props: { details: Record<string, unknown>; names: Map<string, string> }) {
  const { t, i18n } = useTranslation();
  const formats = formatsFor(i18n.language);
  const words = (value: unknown, key?: string): string => {
    if (value === null || value === undefined) return '–';
    if (typeof value === 'boolean') return value ? t('document.yes') : t('document.no');
    if (typeof value === 'number') return formats.number(value);
    // a list of things (the tasks a deleted document took with it): how many
    if (Array.isArray(value) && value.some((item) => item !== null && typeof item === 'object')) {
      return formats.number(value.length);
    }
    if (Array.isArray(value)) return value.map((item) => words(item, key)).join(', ');
    // a project archived or made active again: from one status to the other, in words
    if (key === 'status' && typeof value === 'object' && 'from' in value && 'to' in value) {
      const { from, to } = value;
      return `${t(`projects.status.${String(from)}`, String(from))} → ${t(`projects.status.${String(to)}`, String(to))}`;
    }
    if (typeof value === 'string') {
      if (ROLE_VALUES.has(value)) return t(`people.roles.${value}`);
      if (key === 'locale') return t(`languages.${value}`, value);
      if (key === 'approvalStatus') return t(`construction.approval.${value}`, value);
      if (ID.test(value)) return props.names.get(value) ?? t('people.audit.unknownId');
      if (MOMENT.test(value) && !Number.isNaN(Date.parse(value))) return formats.dateTime(new Date(value));
      return value;
    }
    return Object.entries(value as Record<string, unknown>)
      .map(([name, inner]) => `${name}: ${words(inner, name)}`)
      .join(', ');
  };
  const entries = Object.entries(props.details).filter(
    ([key, value]) =>
      value !== null &&
      value !== undefined &&
      !(Array.isArray(value) && value.length === 0) &&
      !INTERNAL_DETAILS.has(key),
  );
  return (
    <>
      {entries.map(([key, value], index) => (
        <span key={key}>
          {index > 0 && ' · '}
          {i18next.exists(`people.audit.fields.${key}`) ? t(`people.audit.fields.${key}`) : key}: {words(value, key)}
        </span>
      ))}
    </>
  );
}

/** what happened in the customer (ADMIN) or in one of its projects (OWNER there), newest first, by action */
export function AuditLog(props: { customerId: string; projectId?: string; names?: Map<string, string> }) {
  const { t, i18n } = useTranslation();
  const [action, setAction] = useState('');
  const events = useInfiniteQuery({
    queryKey: ['audit', props.customerId, props.projectId, action],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(
        api.GET('/construction/customers/{customerId}/audit', {
          params: {
            path: { customerId: props.customerId },
            query: {
              limit: 50,
              ...(props.projectId ? { projectId: props.projectId } : {}),
              ...(action ? { action: action as 'user.invited' } : {}),
              ...(pageParam ? { next_token: pageParam } : {}),
            },
          },
        }),
      ),
    getNextPageParam: (last) => last.nextToken ?? undefined,
  });
  const rows = events.data?.pages.flatMap((page) => page.events) ?? [];
  // ids in the details named: people of the customer, its building owners and projects
  const people = useQuery({
    queryKey: ['members', props.customerId],
    queryFn: () =>
      unwrap(
        api.GET('/construction/customers/{customerId}/idp/users', {
          params: { path: { customerId: props.customerId } },
        }),
      ),
  });
  const customers = useQuery({
    queryKey: ['customers'],
    queryFn: () => unwrap(api.GET('/construction/customers/')),
    staleTime: 60_000,
  });
  // the customer's projects, and the subcontractors the page knows (a project's)
  const projects = useCustomerProjects(props.customerId);
  const known = new Map<string, string>(props.names ?? []);
  for (const project of projects.data?.projects ?? []) known.set(project.id, project.name);
  for (const user of people.data?.users ?? []) known.set(user.id, user.name || user.email);
  for (const customer of customers.data?.customers ?? []) {
    known.set(customer.id, customer.name);
    if (customer.buildingOwnerId) known.set(customer.buildingOwnerId, customer.name);
  }
  const dates = { format: formatsFor(i18n.language).dateTime };
  return (
    <section aria-labelledby="audit-title">
      <h2 id="audit-title">{props.projectId ? t('construction.projectAudit') : t('people.auditTitle')}</h2>
      <label className="field">
        {t('people.action')}
        <select value={action} onChange={(event) => setAction(event.target.value)}>
          <option value="">{t('building.all')}</option>
          {AUDIT_ACTIONS_NAMED.map((name) => (
            <option key={name} value={name}>
              {t(`people.audit.actions.${name}`)}
            </option>
          ))}
        </select>
      </label>
      <Loaded loading={events.isPending} error={events.error} retry={() => void events.refetch()}>
        {rows.length === 0 && <p className="muted">{t(action ? 'people.noEventsFiltered' : 'people.noEvents')}</p>}
        <div className="table-scroll">
          <table className="audit stack-on-phone">
            <thead>
              <tr>
                <th>{t('people.when')}</th>
                <th>{t('people.who')}</th>
                <th>{t('people.action')}</th>
                <th>{t('people.what')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((event) => (
                <tr key={event.id}>
                  <td className="stack-title">{dates.format(new Date(event.occurredAt))}</td>
                  <td data-label={t('people.who')}>
                    {(event.actor.kind === 'operator' || event.actor.kind === 'system'
                      ? t(`people.audit.actors.${event.actor.kind}`)
                      : null) ??
                      (event.actor.label && props.names?.get(event.actor.label)) ??
                      (event.actor.name && event.actor.label
                        ? `${event.actor.name} (${event.actor.label})`
                        : event.actor.label) ??
                      t(`people.audit.actors.${event.actor.kind}`, event.actor.kind)}
                  </td>
                  <td data-label={t('people.action')}>{t(`people.audit.actions.${event.action}`, event.action)}</td>
                  <td className="muted">
                    <AuditDetails details={event.details} names={known} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {events.hasNextPage && (
          <button type="button" onClick={() => void events.fetchNextPage()} disabled={events.isFetchingNextPage}>
            {t('people.more')}
          </button>
        )}
      </Loaded>
    </section>
  );
}

/**
 * People: the customer's users with their roles, invitations, and the audit log (the person's own API keys are on the
 * account page). Each
 * part shows only where the person's role reaches it (members: OWNER or more; the audit log: ADMIN).
 */
export function PeoplePage() {
  const { t } = useTranslation();
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const customers = me.data?.customers.filter((c) => c.role !== null) ?? [];
  const customer = customers.find((c) => c.id === params.get('customer')) ?? customers[0];
  const role = customer?.role ?? null;
  return (
    <section className="people">
      <h1>{t('people.title')}</h1>
      <Loaded loading={me.isPending} error={me.error} retry={() => void me.refetch()}>
        {customers.length > 1 && (
          <label>
            {t('people.customer')}
            <select value={customer?.id} onChange={(event) => setParams({ customer: event.target.value })}>
              {customers.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {customer && atLeast(role, 'OWNER') && me.data && (
          <Members
            key={`members-${customer.id}`}
            customerId={customer.id}
            customerName={customer.name}
            role={role!}
            grantsUpTo={customerGrantBound({ role: role!, customerId: customer.id, projects: me.data.projects })}
            myId={me.data.id}
          />
        )}
        {customer && !atLeast(role, 'OWNER') && <p className="muted">{t('people.membersHidden')}</p>}
        <p className="muted">
          <Link to="/account?tab=keys">{t('account.keysMoved')}</Link>
        </p>
        {customer && atLeast(role, 'ADMIN') && (
          <p>
            <Link to={`/webhooks?customer=${encodeURIComponent(customer.id)}`}>{t('people.webhooksLink')}</Link>
          </p>
        )}
        {customer && atLeast(role, 'ADMIN') && <AuditLog key={`audit-${customer.id}`} customerId={customer.id} />}
      </Loaded>
    </section>
  );
}
