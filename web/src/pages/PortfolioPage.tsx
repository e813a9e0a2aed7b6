import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, unwrap } from '../api.js';
import { Loaded } from '../components/Layout.js';

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
  const buildings = useQuery({
    queryKey: ['buildings', props.ownerId],
    queryFn: () =>
      unwrap(
        api.GET('/v1/building_owners/{buildingOwnerId}/buildings', {
          params: { path: { buildingOwnerId: props.ownerId }, query: { limit: 100 } },
        }),
      ),
  });
  return (
    <section className="owner" aria-labelledby={`owner-${props.ownerId}`}>
      <h2 id={`owner-${props.ownerId}`}>{props.name}</h2>
      <Loaded loading={buildings.isPending} error={buildings.error} retry={() => void buildings.refetch()}>
        {buildings.data?.buildings.length === 0 && <p>{t('portfolio.noBuildings')}</p>}
        <ul className="cards">
          {buildings.data?.buildings.map((building) => (
            <li key={building.id} className="card">
              <Link to={`/owners/${props.ownerId}/buildings/${building.id}`}>{building.name}</Link>
              <span className="muted">{t('portfolio.documents', { count: building.numberOfFiles })}</span>
            </li>
          ))}
        </ul>
      </Loaded>
    </section>
  );
}
