import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, formText, unwrap } from '../api.js';
import { atLeast, useOwnerRole } from '../roles.js';
import { BuildingProgress } from '../components/BuildingProgress.js';
import { Loaded, Failure } from '../components/Layout.js';
import { ConfirmButton } from '../components/ui/Dialog.js';

/** the building owners and buildings the person reaches, with their document counts */
export function PortfolioPage() {
  const { t } = useTranslation();
  const owners = useQuery({
    queryKey: ['owners'],
    queryFn: () => unwrap(api.GET('/v1/building_owners', { params: { query: { limit: 100 } } })),
  });
  return (
    <section>
      <h1>{t('portfolio.title')}</h1>
      <Loaded loading={owners.isPending} error={owners.error} retry={() => void owners.refetch()}>
        {owners.data?.buildingOwners.length === 0 && <p>{t('portfolio.empty')}</p>}
        {owners.data?.buildingOwners.map((owner) => (
          <OwnerBuildings key={owner.id} ownerId={owner.id} name={owner.name} />
        ))}
      </Loaded>
    </section>
  );
}

function OwnerBuildings(props: { ownerId: string; name: string }) {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const [renaming, setRenaming] = useState<string | null>(null);
  // creating, renaming and archiving buildings is for the owner's OWNERs and ADMINs
  const manages = atLeast(useOwnerRole(props.ownerId), 'OWNER');
  const buildings = useQuery({
    queryKey: ['buildings', props.ownerId],
    queryFn: () =>
      unwrap(
        api.GET('/v1/building_owners/{buildingOwnerId}/buildings', {
          params: { path: { buildingOwnerId: props.ownerId }, query: { limit: 100 } },
        }),
      ),
  });
  const refresh = () => queries.invalidateQueries({ queryKey: ['buildings', props.ownerId] });
  const create = useMutation({
    mutationFn: (name: string) =>
      unwrap(
        api.PUT('/v1/building_owners/{buildingOwnerId}/buildings', {
          params: { path: { buildingOwnerId: props.ownerId } },
          body: { name },
        }),
      ),
    onSuccess: refresh,
  });
  const rename = useMutation({
    mutationFn: (change: { buildingId: string; name: string }) =>
      unwrap(
        api.PATCH('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}', {
          params: { path: { buildingOwnerId: props.ownerId, buildingId: change.buildingId } },
          body: { name: change.name },
        }),
      ),
    onSuccess: async () => {
      setRenaming(null);
      await refresh();
    },
  });
  const archive = useMutation({
    mutationFn: (buildingId: string) =>
      unwrap(
        api.DELETE('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}', {
          params: { path: { buildingOwnerId: props.ownerId, buildingId } },
        }),
      ),
    onSuccess: refresh,
  });
  const failure = create.error ?? rename.error ?? archive.error;
  return (
    <section className="owner" aria-labelledby={`owner-${props.ownerId}`}>
      <h2 id={`owner-${props.ownerId}`}>{props.name}</h2>
      {(buildings.data?.buildings.length ?? 0) > 0 && (
        <p>
          <Link to={`/owners/${props.ownerId}/ask`}>{t('ask.openAll')} →</Link>
        </p>
      )}
      <Loaded loading={buildings.isPending} error={buildings.error} retry={() => void buildings.refetch()}>
        {buildings.data?.buildings.length === 0 && (
          <p>{t(manages ? 'portfolio.noBuildingsCreate' : 'portfolio.noBuildings')}</p>
        )}
        <ul className="cards">
          {buildings.data?.buildings.map((building) => (
            <li key={building.id} className="card">
              {renaming === building.id ? (
                <form
                  className="inline-form"
                  onSubmit={(event) => {
                    event.preventDefault();
                    const name = formText(event.currentTarget, 'name').trim();
                    if (name) rename.mutate({ buildingId: building.id, name });
                  }}
                >
                  <label>
                    {t('portfolio.newName')}
                    <input name="name" defaultValue={building.name} required maxLength={500} autoFocus />
                  </label>
                  <button type="submit">{t('document.save')}</button>
                  <button type="button" onClick={() => setRenaming(null)}>
                    {t('portfolio.cancel')}
                  </button>
                </form>
              ) : (
                <Link to={`/owners/${props.ownerId}/buildings/${building.id}`}>{building.name}</Link>
              )}
              <span className="muted">{t('portfolio.documents', { count: building.numberOfFiles })}</span>
              {building.numberOfFiles > 0 && <BuildingProgress ownerId={props.ownerId} buildingId={building.id} />}
              {manages && (
                <span className="card-actions">
                  <button type="button" onClick={() => setRenaming(building.id)}>
                    {t('portfolio.rename')}
                  </button>
                  <ConfirmButton
                    title={t('portfolio.archiveNamed', { name: building.name })}
                    message={t('portfolio.archiveConfirm', { name: building.name })}
                    confirm={t('portfolio.archive')}
                    onConfirm={() => archive.mutate(building.id)}
                  >
                    {t('portfolio.archive')}
                  </ConfirmButton>
                </span>
              )}
            </li>
          ))}
        </ul>
        {manages && (
          <form
            className="inline-form"
            onSubmit={(event) => {
              event.preventDefault();
              const form = event.currentTarget;
              const name = formText(form, 'name').trim();
              if (name) create.mutate(name, { onSuccess: () => form.reset() });
            }}
          >
            <label>
              {t('portfolio.newBuilding')}
              <input name="name" required maxLength={500} />
            </label>
            <button type="submit" disabled={create.isPending}>
              {t('portfolio.create')}
            </button>
          </form>
        )}
        <Failure error={failure} />
      </Loaded>
    </section>
  );
}
