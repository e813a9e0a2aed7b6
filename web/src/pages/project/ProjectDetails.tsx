import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, formText, unwrap } from '../../api.js';
import { Failure } from '../../components/Layout.js';
import type { useProject } from './deliveries.js';
import { DateField } from '../../components/ui/DateField.js';
import { useToast } from '../../components/ui/Toast.js';
import { ConfirmButton } from '../../components/ui/Dialog.js';
import { atLeast } from '../../roles.js';

type Project = NonNullable<ReturnType<typeof useProject>['data']>;

/**
 * the project's own fields changed, and a building added (WRITE_ACCESS; nothing changes once handed over); archived
 * by OWNER or more
 */
export function ProjectDetails(props: { project: Project }) {
  const { t } = useTranslation();
  const { project } = props;
  const queries = useQueryClient();
  const [open, setOpen] = useState(false);
  const path = { customerId: project.customerId, projectId: project.id };
  const refresh = () => queries.invalidateQueries({ queryKey: ['project', project.customerId, project.id] });
  const toast = useToast();
  const save = useMutation({
    mutationFn: (form: HTMLFormElement) => {
      // what is emptied is cleared
      const text = (name: string) => formText(form, name).trim() || null;
      return unwrap(
        api.PUT('/construction/customers/{customerId}/projects/{projectId}', {
          params: { path },
          body: {
            name: text('name') ?? project.name,
            projectNumber: text('projectNumber'),
            address: text('address'),
            description: text('description'),
            startDate: text('startDate'),
            plannedHandoverDate: text('plannedHandoverDate'),
          },
        }),
      );
    },
    onSuccess: async () => {
      await refresh();
      setOpen(false);
      toast(t('construction.projectSaved'));
    },
  });
  const addBuilding = useMutation({
    mutationFn: (name: string) =>
      unwrap(
        api.POST('/construction/customers/{customerId}/projects/{projectId}/buildings', {
          params: { path },
          body: { name },
        }),
      ),
    onSuccess: async (_data, name) => {
      await refresh();
      toast(t('construction.buildingAdded', { name }));
    },
  });
  const archive = useMutation({
    mutationFn: () =>
      unwrap(
        api.PUT('/construction/customers/{customerId}/projects/{projectId}', {
          params: { path },
          body: { status: 'ARCHIVED' },
        }),
      ),
    onSuccess: async () => {
      await Promise.all([refresh(), queries.invalidateQueries({ queryKey: ['projects', project.customerId] })]);
      toast(t('projects.archivedDone'));
    },
  });
  return (
    <section aria-labelledby="details-title" className="project-details">
      <h2 id="details-title" className="visually-hidden">
        {t('construction.details')}
      </h2>
      <p>
        {t('construction.buildings')}: {project.buildings.map((b) => b.name).join(', ') || '–'}
      </p>
      {!open && (
        <p className="actions">
          <button type="button" onClick={() => setOpen(true)}>
            {t('construction.editProject')}
          </button>
          {atLeast(project.role, 'OWNER') && (
            <ConfirmButton
              disabled={archive.isPending}
              title={t('projects.archive')}
              message={t('projects.archiveConfirm', { name: project.name })}
              confirm={t('projects.archive')}
              onConfirm={() => archive.mutate()}
            >
              {t('projects.archive')}
            </ConfirmButton>
          )}
        </p>
      )}
      <Failure error={archive.error} />
      {open && (
        <form
          className="delivery-form"
          aria-label={t('construction.editProject')}
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(event.currentTarget);
          }}
        >
          <div className="form-grid">
            <label>
              {t('projects.name')}
              <input name="name" required maxLength={255} defaultValue={project.name} />
            </label>
            <label>
              {t('projects.number')}
              <input name="projectNumber" maxLength={64} defaultValue={project.projectNumber ?? ''} />
            </label>
            <label>
              {t('construction.address')}
              <input name="address" maxLength={500} defaultValue={project.address ?? ''} />
            </label>
            <label>
              {t('construction.description')}
              <input name="description" maxLength={2000} defaultValue={project.description ?? ''} />
            </label>
            <DateField label={t('construction.startDate')} name="startDate" defaultValue={project.startDate} />
            <DateField
              label={t('projects.handover')}
              name="plannedHandoverDate"
              defaultValue={project.plannedHandoverDate}
            />
          </div>
          <p className="actions">
            <button type="submit" disabled={save.isPending}>
              {t('construction.saveProject')}
            </button>
            <button type="button" onClick={() => setOpen(false)}>
              {t('construction.cancel')}
            </button>
          </p>
          <Failure error={save.error} />
        </form>
      )}
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          addBuilding.mutate(formText(form, 'building').trim(), { onSuccess: () => form.reset() });
        }}
      >
        <label>
          {t('construction.newBuilding')}
          <input name="building" required maxLength={255} />
        </label>
        <button type="submit" disabled={addBuilding.isPending}>
          {t('construction.addBuilding')}
        </button>
      </form>
      <Failure error={addBuilding.error} />
    </section>
  );
}
