import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api, formText, unwrap } from '../api.js';
import { Loaded, Failure } from '../components/Layout.js';
import { atLeast } from '../roles.js';
import { useReferenceNames } from '../reference.js';
import { DeliveryCard } from './project/DeliveryCard.js';
import { CopyDeliveries, DeliveryForm } from './project/DeliveryForm.js';
import { ArchivedNotice } from './project/ArchivedNotice.js';
import { ProjectDetails } from './project/ProjectDetails.js';
import { ProjectNav } from './project/ProjectNav.js';
import {
  listDeliveries,
  STATES,
  summarise,
  useCustomerProjects,
  useProject,
  useSubcontractors,
} from './project/deliveries.js';
import { SubcontractorLink } from './project/SubcontractorLink.js';
import { daysUntil } from './ProjectsPage.js';

/**
 * One construction project: a dashboard (deliveries by state, what waits for review, what each subcontractor still
 * owes, days to the planned handover), its subcontractors, and its deliveries to review.
 */
export function ProjectPage() {
  const reference = useReferenceNames();
  const { t } = useTranslation();
  const { customerId = '', projectId = '' } = useParams();
  const queries = useQueryClient();
  const project = useProject(customerId, projectId);
  const deliveries = useQuery({ queryKey: ['deliveries', projectId], queryFn: () => listDeliveries(projectId) });
  const subcontractors = useSubcontractors(customerId, projectId);
  const addSubcontractor = useMutation({
    mutationFn: (body: { companyName: string; email: string; contactName?: string }) =>
      unwrap(
        api.POST('/construction/customers/{customerId}/projects/{projectId}/subcontractors', {
          params: { path: { customerId, projectId } },
          body,
        }),
      ),
    onSuccess: () => subcontractors.refetch(),
  });
  const projects = useCustomerProjects(customerId);
  const [editing, setEditing] = useState<string | null>(null);
  // the list refetched before the form closes and a toast says so: the new card and the toast appear together
  const deliveriesChanged = async () => {
    await queries.invalidateQueries({ queryKey: ['deliveries', projectId] });
    setEditing(null);
  };
  const names = new Map(subcontractors.data?.subcontractors.map((s) => [s.id, s.companyName]));
  const nameOf = (id: string | null) => (id ? (names.get(id) ?? id) : t('projects.unassigned'));
  const summary = summarise(deliveries.data?.deliveries ?? []);
  const p = project.data;
  // nothing of a handed-over or archived project changes (the server answers 409): no control offers a change
  const canWrite = atLeast(p?.role, 'WRITE_ACCESS') && p?.status === 'ACTIVE';
  return (
    <section className="project">
      <p>
        <Link to="/projects">← {t('projects.back')}</Link>
      </p>
      <Loaded loading={project.isPending} error={project.error} retry={() => void project.refetch()}>
        {p && (
          <>
            <h1>{p.name}</h1>
            <p className="muted">
              {[p.projectNumber, p.address, t(`projects.status.${p.status}`)].filter(Boolean).join(' · ')}
            </p>
            <ProjectNav />
            <ArchivedNotice project={p} />
            {canWrite && <ProjectDetails project={p} />}
            <section aria-labelledby="dashboard-title" className="dashboard">
              <h2 id="dashboard-title">{t('projects.dashboard')}</h2>
              <dl className="figures">
                {p.plannedHandoverDate && (
                  <div>
                    <dt>{t('projects.handover')}</dt>
                    <dd>{t('projects.daysLeft', { count: daysUntil(p.plannedHandoverDate) })}</dd>
                  </div>
                )}
                <div>
                  <dt>{t('projects.toReview')}</dt>
                  <dd>{summary.toReview}</dd>
                </div>
                {STATES.filter((state) => (summary.byState.get(state) ?? 0) > 0).map((state) => (
                  <div key={state}>
                    <dt>{t(`projects.states.${state}`)}</dt>
                    <dd>{summary.byState.get(state)}</dd>
                  </div>
                ))}
              </dl>
              {summary.missing.size > 0 && (
                <>
                  <h3>{t('projects.missing')}</h3>
                  <ul className="missing">
                    {[...summary.missing].map(([subcontractor, types]) => (
                      <li key={subcontractor ?? 'none'}>
                        <strong>{nameOf(subcontractor)}</strong>: {types.map(reference.type).join(', ')}
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </section>
            <section aria-labelledby="deliveries-title">
              <h2 id="deliveries-title">{t('projects.deliveries')}</h2>
              <Loaded loading={deliveries.isPending} error={deliveries.error} retry={() => void deliveries.refetch()}>
                {deliveries.data?.deliveries.length === 0 && (
                  <p className="muted">{t(canWrite ? 'projects.noDeliveriesCreate' : 'projects.noDeliveries')}</p>
                )}
                <ul className="deliveries">
                  {deliveries.data?.deliveries.map((delivery) =>
                    editing === delivery.id ? (
                      <li key={delivery.id} className="delivery">
                        <DeliveryForm
                          customerId={customerId}
                          projectId={projectId}
                          subcontractors={subcontractors.data?.subcontractors ?? []}
                          delivery={delivery}
                          done={deliveriesChanged}
                          cancel={() => setEditing(null)}
                        />
                      </li>
                    ) : (
                      <DeliveryCard
                        key={delivery.id}
                        delivery={delivery}
                        subcontractor={nameOf(delivery.subContractorId)}
                        canReview={canWrite}
                        changed={deliveriesChanged}
                        {...(canWrite ? { edit: () => setEditing(delivery.id) } : {})}
                      />
                    ),
                  )}
                </ul>
                {canWrite && editing === 'new' && (
                  <DeliveryForm
                    customerId={customerId}
                    projectId={projectId}
                    subcontractors={subcontractors.data?.subcontractors ?? []}
                    done={deliveriesChanged}
                    cancel={() => setEditing(null)}
                  />
                )}
                {canWrite && editing !== 'new' && (
                  <p className="actions">
                    <button type="button" onClick={() => setEditing('new')}>
                      {t('construction.newDelivery')}
                    </button>
                  </p>
                )}
                {canWrite && (
                  <CopyDeliveries
                    customerId={customerId}
                    projectId={projectId}
                    projects={projects.data?.projects ?? []}
                    done={deliveriesChanged}
                  />
                )}
              </Loaded>
            </section>
            <section aria-labelledby="subcontractors-title">
              <h2 id="subcontractors-title">{t('projects.subcontractors')}</h2>
              <ul>
                {subcontractors.data?.subcontractors.map((s) => (
                  <li key={s.id}>
                    <strong>{s.companyName}</strong>{' '}
                    <span className="muted">{[s.contactName, s.email].filter(Boolean).join(' · ')}</span>
                    {canWrite && (
                      <SubcontractorLink
                        customerId={customerId}
                        projectId={projectId}
                        subcontractorId={s.id}
                        name={s.companyName}
                      />
                    )}
                  </li>
                ))}
              </ul>
              {canWrite && (
                <form
                  className="inline-form"
                  onSubmit={(event) => {
                    event.preventDefault();
                    const form = event.currentTarget;
                    const contactName = formText(form, 'contact').trim();
                    addSubcontractor.mutate(
                      {
                        companyName: formText(form, 'company').trim(),
                        email: formText(form, 'email').trim(),
                        ...(contactName ? { contactName } : {}),
                      },
                      { onSuccess: () => form.reset() },
                    );
                  }}
                >
                  <label>
                    {t('projects.company')}
                    <input name="company" required maxLength={255} />
                  </label>
                  <label>
                    {t('projects.contact')}
                    <input name="contact" maxLength={255} />
                  </label>
                  <label>
                    {t('people.email')}
                    <input name="email" type="email" required maxLength={320} />
                  </label>
                  <button type="submit" disabled={addSubcontractor.isPending}>
                    {t('projects.addSubcontractor')}
                  </button>
                </form>
              )}
              <Failure error={addSubcontractor.error} />
            </section>
          </>
        )}
      </Loaded>
    </section>
  );
}
