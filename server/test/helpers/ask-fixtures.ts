import { EventSource } from 'eventsource';
import type { Kysely } from 'kysely';
import { chunkPages } from '../../src/domain/pipeline/chunking.js';
import { newId } from '../../src/domain/shared/ids.js';
import type { DB } from '../../src/storage/db/schema.js';

/**
 * Stores a processed document directly, as the pipeline would leave it (pages and page-aware chunks from the real
 * chunker): quicker than uploading when a test is about answers, not extraction.
 */
export async function insertDocument(params: {
  db: Kysely<DB>;
  ownerId: string;
  buildingId: string;
  path: string;
  pages: string[];
  fileKind?: string;
}): Promise<string> {
  const id = newId.uuid();
  const filename = params.path.split('/').at(-1)!;
  await params.db
    .insertInto('documents')
    .values({
      id,
      building_id: params.buildingId,
      building_owner_id: params.ownerId,
      parent_document_id: null,
      filename,
      original_path: params.path,
      extension: filename.split('.').at(-1) ?? '',
      file_kind: params.fileKind ?? 'text',
      blob_key: `test/${id}`,
      upload_state: 'uploaded',
      extracted_text: true,
      valid_file: true,
      page_count: params.pages.length,
      processed_at: new Date(),
    })
    .execute();
  const pages = params.pages.map((text, i) => ({ pageNumber: i + 1, text }));
  await params.db
    .insertInto('document_pages')
    .values(pages.map((p) => ({ document_id: id, page_number: p.pageNumber, text: p.text })))
    .execute();
  await params.db
    .insertInto('document_chunks')
    .values(
      chunkPages(pages).map((chunk) => ({
        document_id: id,
        building_id: params.buildingId,
        building_owner_id: params.ownerId,
        chunk_index: chunk.index,
        page_number: chunk.pageNumber,
        char_start: chunk.charStart,
        char_end: chunk.charEnd,
        text: chunk.text,
      })),
    )
    .execute();
  return id;
}

export interface StreamedEvent {
  type: string;
  data: any;
}

const EVENT_TYPES = ['start', 'action', 'thinking', 'text', 'finish', 'error'];

/**
 * POSTs an ask with stream=true and reads it with a real SSE client (the `eventsource` package) until `finish` or
 * `error`, or until `stopAfter` says to hang up.
 */
export function readAskStream(params: {
  url: string;
  key: string;
  body: Record<string, unknown>;
  stopAfter?: (event: StreamedEvent) => boolean;
}): Promise<{ events: StreamedEvent[]; contentType: string | null }> {
  return new Promise((resolve, reject) => {
    const events: StreamedEvent[] = [];
    let contentType: string | null = null;
    const source = new EventSource(params.url, {
      fetch: async (input, init) => {
        const response = await fetch(input, {
          ...init,
          method: 'POST',
          headers: { ...init.headers, 'x-api-key': params.key, 'content-type': 'application/json' },
          body: JSON.stringify(params.body),
        });
        contentType = response.headers.get('content-type');
        return response;
      },
    });
    const done = (): void => {
      source.close();
      resolve({ events, contentType });
    };
    for (const type of EVENT_TYPES) {
      source.addEventListener(type, (event) => {
        // "error" is also the name of a failed connection, which carries no data
        const data = (event as Event & { data?: unknown }).data;
        if (typeof data !== 'string') return;
        const parsed: StreamedEvent = { type, data: JSON.parse(data) };
        events.push(parsed);
        if (type === 'finish' || type === 'error' || params.stopAfter?.(parsed)) done();
      });
    }
    source.onerror = (error) => {
      // the server ends the stream after finish; anything before that is a failure
      if (!events.some((e) => e.type === 'finish' || e.type === 'error')) {
        source.close();
        reject(new Error(`stream failed: ${String((error as { message?: string }).message ?? 'unknown')}`));
      }
    };
  });
}
