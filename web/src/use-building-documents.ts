import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { api, unwrap, type DocumentRow } from './api.js';
import { mergeDocuments } from './documents-filter.js';

const PAGE = 1000;

/**
 * Every document of a building, for the table: the first thousand show at once and the rest follow page by page in
 * the background; while uploads process (`version` moves: the processed count), only what changed since the newest
 * loaded change is fetched and merged in, so a building of 10,000 documents is not fetched again every two seconds.
 */
export function useBuildingDocuments(ownerId: string, buildingId: string, version: number | undefined) {
  const path = { buildingOwnerId: ownerId, buildingId };
  const listPage = (query: { sort_order: 'asc' | 'desc'; next_token?: string; updated_since?: string }) =>
    unwrap(
      api.GET('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/documents', {
        params: { path, query: { limit: PAGE, sort_by: 'updatedAt', latest_revisions: false, ...query } },
      }),
    );
  const pages = useInfiniteQuery({
    queryKey: ['documents', ownerId, buildingId],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => listPage({ sort_order: 'desc', ...(pageParam ? { next_token: pageParam } : {}) }),
    getNextPageParam: (last) => last.nextToken ?? undefined,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = pages;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  const loaded = useMemo(() => pages.data?.pages.flatMap((page) => page.documents) ?? [], [pages.data]);
  // the newest change among the first page (sorted newest first): later changes are fetched from there
  const since = pages.data?.pages[0]?.documents[0]?.updatedAt;
  const changes = useQuery({
    queryKey: ['documents', ownerId, buildingId, 'changes', since, version],
    enabled: pages.isSuccess && version !== undefined,
    queryFn: async () => {
      const changed: DocumentRow[] = [];
      let next: string | undefined;
      do {
        const page = await listPage({
          sort_order: 'asc',
          ...(since ? { updated_since: since } : {}),
          ...(next ? { next_token: next } : {}),
        });
        changed.push(...page.documents);
        next = page.nextToken ?? undefined;
      } while (next);
      return changed;
    },
    placeholderData: (previous) => previous,
  });
  const documents = useMemo(() => mergeDocuments(loaded, changes.data ?? []), [loaded, changes.data]);
  return {
    documents,
    isPending: pages.isPending,
    error: pages.error ?? changes.error,
    loadingMore: hasNextPage === true,
    refetch: () => void pages.refetch(),
  };
}
