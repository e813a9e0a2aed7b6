import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api, unwrap } from '../../api.js';
import { InviteForm } from '../../components/InviteForm.js';
import { Failure, Loaded } from '../../components/Layout.js';
import { atLeast, ROLES, type Role } from '../../roles.js';
import { AuditLog } from '../PeoplePage.js';
import { useProject, useSubcontractors } from './deliveries.js';
import { ArchivedNotice } from './ArchivedNotice.js';
import { ProjectNav } from './ProjectNav.js';
import { formatsFor } from '../../format.js';
import { useToast } from '../../components/ui/Toast.js';

/**
 * Who works in the project and with which role (a project role overrides the customer role), people invited straight
 * into the project, and the project's audit log: for those who manage the project's people (OWNER there).
 */
export function MembersPage() {
  const { t, i18n } = useTranslation();
  const { customerId = '', projectId = '' } = useParams();
  const project = useProject(customerId, projectId);
  const queries = useQueryClient();
  // a subcontractor acts in the log by its id: shown by its company's name
  const subcontractors = useSubcontractors(customerId, projectId);
  const companies = new Map(subcontractors.data?.subcontractors.map((s) => [s.id, s.companyName]));
  const role = project.data?.role ?? null;
  const manages = atLeast(role, 'OWNER');
  const members = useQuery({
    queryKey: ['project-members', projectId],
    enabled: manages,
    queryFn: () =>
      unwrap(
        api.GET('/construction/customers/{customerId}/projects/{projectId}/idp/users', {
          params: { path: { customerId, projectId } },
        }),
      ),
  });
  const setRole = useMutation({
    mutationFn: (change: { userId: string; role: Role }) =>
      unwrap(
        api.PUT('/construction/customers/{customerId}/projects/{projectId}/idp/users/{userId}/role', {
          params: { path: { customerId, projectId, userId: change.userId } },
          body: { role: change.role },
        }),
      ),
    // awaited: the toast a change of role shows comes with the list that has it
    onSuccess: async () => {
      void queries.invalidateQueries({ queryKey: ['audit', customerId] });
      await members.refetch();
    },
  });
  const toast = useToast();
  const invite = useMutation({
    mutationFn: async (body: { email: string; role: Role; locale: 'no' | 'en' }) => {
      // someone already in the customer only gets the project role: inviting again would change their customer role
      const known = members.data?.users.find((user) => user.email.toLowerCase() === body.email.toLowerCase());
      if (known) return setRole.mutateAsync({ userId: known.id, role: body.role });
      // a newcomer is invited into the project: the mail names it and the role
      await unwrap(
        api.POST('/construction/customers/{customerId}/idp/users', {
          params: { path: { customerId } },
          body: { email: body.email, role: body.role, locale: body.locale, origin: 'construction', projectId },
        }),
      );
      await members.refetch();
      await queries.invalidateQueries({ queryKey: ['audit', customerId] });
    },
    onSuccess: () => toast(t('construction.invitedToProject')),
  });
  const dates = { format: formatsFor(i18n.language).dateTime };
  // nobody gives a role above their own
  const grantable = ROLES.filter((candidate) => atLeast(role, candidate));
  return (
    <section className="project">
      <p>
        <Link to="/projects">← {t('projects.back')}</Link>
      </p>
      <h1>{project.data?.name ?? t('construction.members')}</h1>
      <ProjectNav />
      <ArchivedNotice project={project.data} />
      <Loaded loading={project.isPending} error={project.error} retry={() => void project.refetch()}>
        {!manages && <p>{t('construction.membersNeedOwner')}</p>}
        {manages && (
          <section aria-labelledby="project-members-title">
            <h2 id="project-members-title">{t('construction.projectMembers')}</h2>
            <Loaded loading={members.isPending} error={members.error} retry={() => void members.refetch()}>
              {/* nobody yet: said in words, not a table of headers over nothing */}
              {members.data?.users.length === 0 && <p className="empty-state">{t('construction.noMembers')}</p>}
              {!!members.data?.users.length && (
                <div className="table-scroll">
                  <table className="members stack-on-phone">
                    <thead>
                      <tr>
                        <th>{t('people.email')}</th>
                        <th>{t('construction.customerRole')}</th>
                        <th>{t('construction.projectRole')}</th>
                        <th>{t('people.status')}</th>
                        <th>{t('people.lastSignIn')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {members.data?.users.map((user) => (
                        <tr key={user.id}>
                          <td className="stack-title">
                            {user.email}
                            {user.name && user.name !== user.email && <span className="muted"> · {user.name}</span>}
                          </td>
                          <td data-label={t('construction.customerRole')}>{t(`people.roles.${user.customerRole}`)}</td>
                          <td data-label={t('construction.projectRole')}>
                            <select
                              aria-label={t('construction.roleOf', { name: user.email })}
                              value={user.role}
                              disabled={setRole.isPending || !atLeast(role, user.role)}
                              onChange={(event) =>
                                setRole.mutate(
                                  { userId: user.id, role: event.target.value as Role },
                                  {
                                    onSuccess: (_data, change) =>
                                      toast(
                                        t('construction.roleChanged', {
                                          email: user.email,
                                          role: t(`people.roles.${change.role}`),
                                        }),
                                      ),
                                  },
                                )
                              }
                            >
                              {ROLES.filter((option) => option === user.role || grantable.includes(option)).map(
                                (option) => (
                                  <option key={option} value={option}>
                                    {t(`people.roles.${option}`)}
                                  </option>
                                ),
                              )}
                            </select>{' '}
                            {user.projectRole === null && (
                              <span className="muted">{t('construction.fromCustomer')}</span>
                            )}
                          </td>
                          <td data-label={t('people.status')}>{t(`people.statuses.${user.status}`)}</td>
                          <td data-label={t('people.lastSignIn')}>
                            {user.lastSignInAt ? dates.format(new Date(user.lastSignInAt)) : t('people.never')}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </Loaded>
            <Failure error={setRole.error} />
            <h3>{t('construction.inviteToProject')}</h3>
            <InviteForm
              roleLabel={t('construction.projectRole')}
              roles={grantable}
              defaultRole="WRITE_ACCESS"
              pending={invite.isPending}
              invite={(input, done) => invite.mutate(input, { onSuccess: done })}
            />
            <Failure error={invite.error} />
          </section>
        )}
        {manages && <AuditLog customerId={customerId} projectId={projectId} names={companies} />}
      </Loaded>
    </section>
  );
}
