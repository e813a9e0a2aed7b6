import type { Client } from 'openapi-fetch';
import { dataOf } from './errors.js';
import type { paths } from './generated/schema.js';

type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
/** the JSON body of an operation's success answer (200 or 201) */
type Ok<Op> = Op extends { responses: infer R } ? JsonOf<R[200 & keyof R]> | JsonOf<R[201 & keyof R]> : never;
type QueryOf<Op> = Op extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
type BodyOf<Op> = Op extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
/** a query whose parameters with a default on the service may be left out */
type Loose<Q, Defaulted extends keyof Q> = Omit<Q, Defaulted> & Partial<Pick<Q, Defaulted>>;

const OWNERS = '/v1/building_owners';
const OWNER = '/v1/building_owners/{buildingOwnerId}';
const BUILDINGS = '/v1/building_owners/{buildingOwnerId}/buildings';
const BUILDING = '/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}';
const DOCUMENTS = '/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/documents';
const DOCUMENT = '/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/documents/{documentId}';
const CATEGORY = '/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/building_category/{buildingCategory}';
const BUILDING_SEARCH = '/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/search';
const OWNER_SEARCH = '/v1/building_owners/{buildingOwnerId}/search';
const REPORTS = '/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/reports';
const REPORT_ITEM = '/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/reports/{itemId}';
const TASKS = '/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/maintenance_tasks';
const TASK = '/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/maintenance_tasks/{taskId}';
const OWNER_TASKS = '/v1/building_owners/{buildingOwnerId}/maintenance_tasks';
const WEBHOOKS = '/v1/webhooks';
const WEBHOOK = '/v1/webhooks/{webhookId}';

export type OwnerPath = { buildingOwnerId: string };
export type BuildingPath = OwnerPath & { buildingId: string };
export type DocumentPath = BuildingPath & { documentId: string };
export type ReportItemPath = BuildingPath & { itemId: string };

export type BuildingOwner = Ok<paths[typeof OWNER]['get']>;
export type Building = Ok<paths[typeof BUILDING]['get']>;
export type Document = Ok<paths[typeof DOCUMENT]['get']>;
export type DocumentListItem = Ok<paths[typeof DOCUMENTS]['get']>['documents'][number];
export type DocumentPages = Ok<paths[`${typeof DOCUMENT}/pages`]['get']>;
export type ProcessingStatus = Ok<paths[`${typeof BUILDING}/status`]['get']>;
export type SearchResult = Ok<paths[typeof BUILDING_SEARCH]['get']>;
export type SearchInput = Loose<
  QueryOf<paths[typeof BUILDING_SEARCH]['get']>,
  | 'max_results'
  | 'start_index'
  | 'sort_by'
  | 'sort_order'
  | 'include_aggregations'
  | 'fuzziness'
  | 'latest_revisions'
  | 'include_passages'
>;
export type DocumentListQuery = Loose<
  Omit<QueryOf<paths[typeof DOCUMENTS]['get']>, 'next_token'>,
  'limit' | 'sort_by' | 'sort_order' | 'latest_revisions'
>;
export type DeficiencyReport = Ok<paths[`${typeof BUILDING}/report`]['get']>;
export type ReportItems = Ok<paths[typeof REPORTS]['get']>;
export type MaintenanceTask = Ok<paths[typeof TASKS]['get']>['tasks'][number];
export type OwnerMaintenanceTask = Ok<paths[typeof OWNER_TASKS]['get']>['tasks'][number];
export type MaintenanceTaskInput = BodyOf<paths[typeof TASKS]['post']>;
export type MaintenanceTaskUpdate = BodyOf<paths[typeof TASK]['patch']>;
export type MaintenanceTaskPath = BuildingPath & { taskId: string };
export type Webhook = Ok<paths[typeof WEBHOOK]['get']>;
/** a webhook as registered: with its secret, shown only in this answer */
export type RegisteredWebhook = Ok<paths[typeof WEBHOOKS]['post']>;
export type WebhookInput = BodyOf<paths[typeof WEBHOOKS]['post']>;
export type WebhookUpdate = BodyOf<paths[typeof WEBHOOK]['patch']>;
export type WebhookDelivery = Ok<paths[`${typeof WEBHOOK}/deliveries`]['get']>['deliveries'][number];

/** one page of a list and the token of the next (null on the last page) */
export interface Page<T> {
  items: T[];
  nextToken: string | null;
}

/** every item of a paged list, page after page as the loop asks for them (a `break` fetches nothing more) */
export async function* everyItem<T>(
  pageAt: (nextToken: string | undefined) => Promise<Page<T>>,
): AsyncGenerator<T, void, undefined> {
  let nextToken: string | undefined;
  do {
    const page = await pageAt(nextToken);
    yield* page.items;
    nextToken = page.nextToken ?? undefined;
  } while (nextToken);
}

const SEARCH_DEFAULTS = {
  max_results: 20,
  start_index: 0,
  sort_by: 'relevance',
  sort_order: 'desc',
  include_aggregations: false,
  fuzziness: 'auto',
  latest_revisions: false,
  include_passages: false,
} as const;

function token(nextToken: string | undefined): { next_token?: string } {
  return nextToken ? { next_token: nextToken } : {};
}

/**
 * The resource methods: one per operation, path parameters by name, defaults filled in, the answer's data returned and
 * a refusal thrown as a ByggdokApiError. `list` answers one page; `iterate` walks every page.
 */
export function resourcesOf(client: Client<paths>) {
  const owners = {
    list: async (query: { limit?: number; nextToken?: string } = {}): Promise<Page<BuildingOwner>> => {
      const page = await dataOf(
        client.GET(OWNERS, { params: { query: { limit: query.limit ?? 100, ...token(query.nextToken) } } }),
      );
      return { items: page.buildingOwners, nextToken: page.nextToken ?? null };
    },
    iterate: (query: { limit?: number } = {}) =>
      everyItem((nextToken) => owners.list({ ...query, ...nextTokenOption(nextToken) })),
    get: (path: OwnerPath) => dataOf(client.GET(OWNER, { params: { path } })),
    create: (body: BodyOf<paths[typeof OWNERS]['post']>) => dataOf(client.POST(OWNERS, { body })),
    update: (path: OwnerPath, body: BodyOf<paths[typeof OWNER]['patch']>) =>
      dataOf(client.PATCH(OWNER, { params: { path }, body })),
    /** archives the owner with its buildings; the operator can restore them */
    archive: (path: OwnerPath) => dataOf(client.DELETE(OWNER, { params: { path } })),
    status: (path: OwnerPath) => dataOf(client.GET(`${OWNER}/status`, { params: { path } })),
  };

  const buildings = {
    list: async (path: OwnerPath, query: { limit?: number; nextToken?: string } = {}): Promise<Page<Building>> => {
      const page = await dataOf(
        client.GET(BUILDINGS, {
          params: { path, query: { limit: query.limit ?? 100, ...token(query.nextToken) } },
        }),
      );
      return { items: page.buildings, nextToken: page.nextToken ?? null };
    },
    iterate: (path: OwnerPath, query: { limit?: number } = {}) =>
      everyItem((nextToken) => buildings.list(path, { ...query, ...nextTokenOption(nextToken) })),
    get: (path: BuildingPath) => dataOf(client.GET(BUILDING, { params: { path } })),
    /** creates a building and answers with its id */
    create: (path: OwnerPath, body: BodyOf<paths[typeof BUILDINGS]['put']>) =>
      dataOf(client.PUT(BUILDINGS, { params: { path }, body })),
    update: (path: BuildingPath, body: BodyOf<paths[typeof BUILDING]['patch']>) =>
      dataOf(client.PATCH(BUILDING, { params: { path }, body })),
    archive: (path: BuildingPath) => dataOf(client.DELETE(BUILDING, { params: { path } })),
    /** how many of its documents are processed (`processed_documents` of `total_documents`) */
    status: (path: BuildingPath) => dataOf(client.GET(`${BUILDING}/status`, { params: { path } })),
    /** documents per NS 3451 building category */
    categories: (path: BuildingPath) => dataOf(client.GET(`${BUILDING}/building_category`, { params: { path } })),
  };

  const documents = {
    list: async (
      path: BuildingPath,
      query: DocumentListQuery & { nextToken?: string } = {},
    ): Promise<Page<DocumentListItem>> => {
      const { nextToken, ...rest } = query;
      const page = await dataOf(
        client.GET(DOCUMENTS, {
          params: {
            path,
            query: {
              limit: 100,
              sort_by: 'createdAt',
              sort_order: 'desc',
              latest_revisions: false,
              ...rest,
              ...token(nextToken),
            },
          },
        }),
      );
      return { items: page.documents, nextToken: page.nextToken ?? null };
    },
    iterate: (path: BuildingPath, query: DocumentListQuery = {}) =>
      everyItem((nextToken) => documents.list(path, { ...query, ...nextTokenOption(nextToken) })),
    /** the documents of one NS 3451 building category (e.g. `"3"` or `"36"`), every page */
    iterateCategory: (
      path: BuildingPath & { buildingCategory: string },
      query: { limit?: number; latest_revisions?: boolean } = {},
    ) =>
      everyItem(async (nextToken) => {
        const page = await dataOf(
          client.GET(CATEGORY, {
            params: {
              path,
              query: {
                limit: query.limit ?? 100,
                latest_revisions: query.latest_revisions ?? false,
                ...token(nextToken),
              },
            },
          }),
        );
        return { items: page.documents, nextToken: page.nextToken ?? null };
      }),
    /** metadata, classification with its evidence, and signed download and preview links (valid one hour) */
    get: (path: DocumentPath) => dataOf(client.GET(DOCUMENT, { params: { path } })),
    /** the extracted text of pages `from`..`to` (at most 50 per call) */
    pages: (path: DocumentPath, range: { from: number; to?: number }) =>
      dataOf(client.GET(`${DOCUMENT}/pages`, { params: { path, query: range } })),
    status: (path: DocumentPath) => dataOf(client.GET(`${DOCUMENT}/status`, { params: { path } })),
    /** the whole chain of versions and drawing revisions the document belongs to, newest first */
    versions: (path: DocumentPath) => dataOf(client.GET(`${DOCUMENT}/versions`, { params: { path } })),
    update: (path: DocumentPath, body: BodyOf<paths[typeof DOCUMENT]['patch']>) =>
      dataOf(client.PATCH(DOCUMENT, { params: { path }, body })),
    /** archives the document: it leaves lists, search and answers; the operator can restore it */
    archive: (path: DocumentPath) => dataOf(client.DELETE(DOCUMENT, { params: { path } })),
    /** registers a document and answers with its id and the signed URL to PUT its bytes to (step one of an upload) */
    register: (path: BuildingPath, body: BodyOf<paths[typeof DOCUMENTS]['put']>) =>
      dataOf(client.PUT(DOCUMENTS, { params: { path }, body })),
  };

  const search = {
    /** full-text search in one building, with filters and (with `include_aggregations`) facets */
    building: (path: BuildingPath, input: SearchInput): Promise<SearchResult> =>
      dataOf(client.GET(BUILDING_SEARCH, { params: { path, query: { ...SEARCH_DEFAULTS, ...input } } })),
    /** full-text search across the owner's buildings the credential reaches */
    owner: (path: OwnerPath, input: SearchInput) =>
      dataOf(client.GET(OWNER_SEARCH, { params: { path, query: { ...SEARCH_DEFAULTS, ...input } } })),
  };

  const reports = {
    /** the newest deficiency report (of a country) with progress per theme */
    get: (path: BuildingPath, query: QueryOf<paths[`${typeof BUILDING}/report`]['get']> = {}) =>
      dataOf(client.GET(`${BUILDING}/report`, { params: { path, query } })),
    /** the items of the newest report, flat (nested through parentId) */
    items: (path: BuildingPath, query: QueryOf<paths[typeof REPORTS]['get']> = {}) =>
      dataOf(client.GET(REPORTS, { params: { path, query } })),
    /**
     * generates a report: the report when it is ready within the service's wait bound, else (202)
     * `{ state: 'pending', reportId }`; read it later with `reports.get`
     */
    generate: (path: BuildingPath, body: BodyOf<paths[typeof REPORTS]['post']>) =>
      dataOf(client.POST(REPORTS, { params: { path }, body })),
    comment: (path: ReportItemPath, body: BodyOf<paths[typeof REPORT_ITEM]['patch']>) =>
      dataOf(client.PATCH(REPORT_ITEM, { params: { path }, body })),
    /** links a document to an item as evidence; answers with the item and its new status */
    link: (path: ReportItemPath & { documentId: string }) =>
      dataOf(client.PUT(`${REPORT_ITEM}/documents/{documentId}`, { params: { path } })),
    unlink: (path: ReportItemPath & { documentId: string }) =>
      dataOf(client.DELETE(`${REPORT_ITEM}/documents/{documentId}`, { params: { path } })),
  };

  const maintenance = {
    /** one page of a building's maintenance plan */
    list: async (
      path: BuildingPath,
      query: { limit?: number; nextToken?: string } = {},
    ): Promise<Page<MaintenanceTask>> => {
      const page = await dataOf(
        client.GET(TASKS, {
          params: { path, query: { limit: query.limit ?? 100, format: 'json', ...token(query.nextToken) } },
        }),
      );
      return { items: page.tasks, nextToken: page.nextToken ?? null };
    },
    /** every task of a building's plan, page after page */
    iterate: (path: BuildingPath, query: { limit?: number } = {}) =>
      everyItem((nextToken) => maintenance.list(path, { ...query, ...nextTokenOption(nextToken) })),
    /** one page of the owner's plan across the buildings the credential reaches (or one, `buildingId`) */
    listOwner: async (
      path: OwnerPath,
      query: { limit?: number; nextToken?: string; buildingId?: string } = {},
    ): Promise<Page<OwnerMaintenanceTask>> => {
      const page = await dataOf(
        client.GET(OWNER_TASKS, {
          params: {
            path,
            query: {
              limit: query.limit ?? 100,
              format: 'json',
              ...(query.buildingId ? { building_id: query.buildingId } : {}),
              ...token(query.nextToken),
            },
          },
        }),
      );
      return { items: page.tasks, nextToken: page.nextToken ?? null };
    },
    iterateOwner: (path: OwnerPath, query: { limit?: number; buildingId?: string } = {}) =>
      everyItem((nextToken) => maintenance.listOwner(path, { ...query, ...nextTokenOption(nextToken) })),
    /**
     * the whole plan as a file: `csv` (a header and one row per task) or `ics` (iCalendar, a recurring event per task
     * with an interval, starting on `start` when given); a building's, or the owner's when `buildingId` is left out
     */
    export: async (
      path: OwnerPath & { buildingId?: string },
      options: { format: 'csv' | 'ics'; start?: string },
    ): Promise<string> => {
      const query = { limit: 100, format: options.format, ...(options.start ? { start: options.start } : {}) };
      const { buildingId, buildingOwnerId } = path;
      // the file comes as text; a refusal still as problem+json
      const result =
        buildingId !== undefined
          ? client.GET(TASKS, { params: { path: { buildingOwnerId, buildingId }, query }, parseAs: 'text' })
          : client.GET(OWNER_TASKS, { params: { path: { buildingOwnerId }, query }, parseAs: 'text' });
      const { data, error, response } = (await result) as { data?: string; error?: unknown; response: Response };
      if (error !== undefined || !response.ok) {
        let problem: unknown = error;
        try {
          problem = typeof error === 'string' ? (JSON.parse(error) as unknown) : error;
        } catch {
          // not JSON: the status alone says it
        }
        return dataOf(Promise.resolve({ error: problem ?? {}, response }));
      }
      return data ?? '';
    },
    /** a person's own task (confirmed at once) */
    create: (path: BuildingPath, body: MaintenanceTaskInput) => dataOf(client.POST(TASKS, { params: { path }, body })),
    /** confirm (`{ status: 'confirmed' }`) or edit a task */
    update: (path: MaintenanceTaskPath, body: MaintenanceTaskUpdate) =>
      dataOf(client.PATCH(TASK, { params: { path }, body })),
    delete: (path: MaintenanceTaskPath) => dataOf(client.DELETE(TASK, { params: { path } })),
  };

  /** the partner's webhooks (an API key; a scoped key has its own); verify what arrives with verifyWebhook */
  const webhooks = {
    /** registers a URL for these events; keep the answer's `secret`, it is not shown again */
    create: (body: WebhookInput) => dataOf(client.POST(WEBHOOKS, { body })) as Promise<RegisteredWebhook>,
    list: async () => (await dataOf(client.GET(WEBHOOKS, {}))).webhooks,
    get: (webhookId: string) => dataOf(client.GET(WEBHOOK, { params: { path: { webhookId } } })),
    update: (webhookId: string, body: WebhookUpdate) =>
      dataOf(client.PATCH(WEBHOOK, { params: { path: { webhookId } }, body })),
    delete: (webhookId: string) => dataOf(client.DELETE(WEBHOOK, { params: { path: { webhookId } } })),
    /** sends a `webhook.test` event to it; resolves with its event id (the webhook-id header) */
    test: async (webhookId: string): Promise<{ eventId: string }> => {
      const { data, error, response } = await client.POST(`${WEBHOOK}/test`, { params: { path: { webhookId } } });
      // a refusal throws its typed problem
      if (error !== undefined || !response.ok) await dataOf(Promise.resolve({ error: error ?? {}, response }));
      return data as { eventId: string };
    },
    /** its deliveries, newest first, page after page */
    deliveries: (webhookId: string) =>
      everyItem<WebhookDelivery>(async (nextToken) => {
        const page = await dataOf(
          client.GET(`${WEBHOOK}/deliveries`, {
            params: { path: { webhookId }, query: { limit: 100, ...(nextToken ? { next_token: nextToken } : {}) } },
          }),
        );
        return { items: page.deliveries, nextToken: page.nextToken ?? null };
      }),
  };

  return { owners, buildings, documents, search, reports, maintenance, webhooks };
}

function nextTokenOption(nextToken: string | undefined): { nextToken?: string } {
  return nextToken ? { nextToken } : {};
}
