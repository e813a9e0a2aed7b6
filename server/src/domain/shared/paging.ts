import type { PageCursor, PageTokenCodec } from './page-token.js';

export interface Page<T> {
  items: T[];
  nextToken: string | null;
}

/**
 * Keyset paging: ask the repository for one row more than the page, and hand out a token for the last row shown
 * only when there is more to read.
 */
export async function readPage<T>(params: {
  codec: PageTokenCodec;
  context: string;
  nextToken: string | undefined;
  limit: number;
  fetch: (after: PageCursor | null, limit: number) => Promise<T[]>;
  cursorOf: (item: T) => PageCursor;
}): Promise<Page<T>> {
  const after = params.nextToken ? params.codec.decode(params.context, params.nextToken) : null;
  const rows = await params.fetch(after, params.limit + 1);
  const items = rows.slice(0, params.limit);
  const last = items.at(-1);
  return {
    items,
    nextToken: rows.length > params.limit && last ? params.codec.encode(params.context, params.cursorOf(last)) : null,
  };
}
