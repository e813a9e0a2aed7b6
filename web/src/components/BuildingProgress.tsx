import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../api.js';
import { formatsFor } from '../format.js';

/** how many of a building's documents are processed, as a bar; polled while some are still being processed */
export function useBuildingStatus(ownerId: string, buildingId: string) {
  return useQuery({
    queryKey: ['status', ownerId, buildingId],
    queryFn: () =>
      unwrap(
        api.GET('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/status', {
          params: { path: { buildingOwnerId: ownerId, buildingId } },
        }),
      ),
    refetchInterval: (query) =>
      query.state.data && query.state.data.processed_documents < query.state.data.total_documents ? 2000 : false,
  });
}

export function BuildingProgress(props: { ownerId: string; buildingId: string }) {
  const { t, i18n } = useTranslation();
  const status = useBuildingStatus(props.ownerId, props.buildingId);
  // while it loads, its place is kept (hidden), so what follows it does not move under a pointer or a finger
  if (!status.data)
    return status.isPending ? (
      <div className="progress pending" aria-hidden="true">
        <progress max={1} value={0} />
        <span>&nbsp;</span>
      </div>
    ) : null;
  const { processed_documents: processed, total_documents: total } = status.data;
  const formats = formatsFor(i18n.language);
  return (
    <div className="progress">
      <progress max={Math.max(total, 1)} value={processed} aria-label={t('building.progress')} />
      <span>
        {t('building.processed', {
          processed: formats.number(processed),
          total: formats.number(total),
          // written as the language writes it: 100 % (never broken before the sign) / 100%
          percent: formats.percent(processed / Math.max(total, 1)),
        })}
      </span>
    </div>
  );
}
