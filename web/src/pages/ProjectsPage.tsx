import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, formText, unwrap } from '../api.js';
import { Loaded, Failure } from '../components/Layout.js';
import { atLeast, useMe } from '../roles.js';
import { DateField } from '../components/ui/DateField.js';
import { useCustomerProjects } from './project/deliveries.js';

/** whole days from today to a date (YYYY-MM-DD); negative once it has passed */
export function daysUntil(date: string, today = new Date()): number {
  const [y, m, d] = date.split('-').map(Number);
  const target = Date.UTC(y!, m! - 1, d);
  const now = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((target - now) / 86_400_000);
}

/** one customer's construction projects: name, status, buildings, days to the planned handover; a new one */
function CustomerProjects(props: { customerId: string; name: string; canCreate: boolean }) {
  const { t } = useTranslation();
  const projects = useCustomerProjects(props.customerId);
  const create = useMutation({
    mutationFn: (body: {
      name: string;
      projectNumber?: string;
      plannedHandoverDate?: string;
      buildings: { name: string }[];
    }) =>
      unwrap(
        api.POST('/construction/customers/{customerId}/projects', {
          params: { path: { customerId: props.customerId } },
          body,
        }),
      ),
    onSuccess: () => projects.refetch(),
  });
  return (
    <section aria-labelledby={`customer-${props.customerId}`}>
      <h2 id={`customer-${props.customerId}`}>{props.name}</h2>
      <Loaded loading={projects.isPending} error={projects.error} retry={() => void projects.refetch()}>
        {projects.data?.projects.length === 0 && (
          <p className="muted">{t(props.canCreate ? 'projects.noneCreate' : 'projects.none')}</p>
        )}
        <ul className="cards">
          {projects.data?.projects.map((project) => (
            <li key={project.id} className="card">
              <Link to={`/projects/${props.customerId}/${project.id}`}>{project.name}</Link>
              <span className="muted">
                {[
                  project.projectNumber,
                  t(`projects.status.${project.status}`),
                  t('projects.buildings', { count: project.buildings.length }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
              {project.plannedHandoverDate && project.status === 'ACTIVE' && (
                <span>{t('projects.daysLeft', { count: daysUntil(project.plannedHandoverDate) })}</span>
              )}
            </li>
          ))}
        </ul>
      </Loaded>
      {props.canCreate && (
        <form
          className="inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            const form = event.currentTarget;
            const handover = formText(form, 'handover');
            const number = formText(form, 'number').trim();
            create.mutate(
              {
                name: formText(form, 'name').trim(),
                ...(number ? { projectNumber: number } : {}),
                ...(handover ? { plannedHandoverDate: handover } : {}),
                buildings: formText(form, 'buildings')
                  .split(',')
                  .map((name) => name.trim())
                  .filter(Boolean)
                  .map((name) => ({ name })),
              },
              { onSuccess: () => form.reset() },
            );
          }}
        >
          <label>
            {t('projects.name')}
            <input name="name" required maxLength={255} />
          </label>
          <label>
            {t('projects.number')}
            <input name="number" maxLength={64} />
          </label>
          <DateField label={t('projects.handover')} name="handover" />
          <label>
            {t('projects.buildingNames')}
            <input name="buildings" maxLength={2000} />
          </label>
          <button type="submit" disabled={create.isPending}>
            {t('projects.create')}
          </button>
        </form>
      )}
      <Failure error={create.error} />
    </section>
  );
}

/** the construction projects of every customer the person works in */
export function ProjectsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const customers = me.data?.customers ?? [];
  return (
    <section>
      <h1>{t('projects.title')}</h1>
      <Loaded loading={me.isPending} error={me.error} retry={() => void me.refetch()}>
        {customers.length === 0 && <p className="muted">{t('projects.noCustomers')}</p>}
        {customers.map((customer) => (
          <CustomerProjects
            key={customer.id}
            customerId={customer.id}
            name={customer.name}
            canCreate={atLeast(customer.role, 'WRITE_ACCESS')}
          />
        ))}
      </Loaded>
    </section>
  );
}
