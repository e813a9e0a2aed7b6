import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
  type ServerCapabilities,
  type Tool as ToolDescription,
} from '@modelcontextprotocol/sdk/types.js';
import { Type, type Static, type TObject } from '@sinclair/typebox';
import { SearchQuerySchema } from '../../http/schemas/search.js';
import {
  args,
  buildingArgs,
  checkArguments,
  objectSchema,
  ownerArgs,
  pagingArgs,
  plain,
  routeResponseSchema,
  uuid,
  type JsonSchema,
} from './tool-schemas.js';

/**
 * One call of the partner API, made for a tool: in the service through Fastify's inject with the caller's own
 * credential headers (so every route's validation and its `domain/access` check run exactly as for a REST call), or
 * over HTTP by `byggdok mcp` (stdio). The tools are a thin, read-mostly layer over the routes, never a second way in.
 */
export type ApiCall = (request: ApiRequest) => Promise<{ status: number; body: unknown }>;
export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
}

type ResourceLink = Extract<CallToolResult['content'][number], { type: 'resource_link' }>;

interface Tool<I extends TObject = TObject> {
  name: string;
  title: string;
  /** what an assistant reads to choose the tool; every promise in it is checked by a test against what it returns */
  description: string;
  input: I;
  /**
   * the REST route it calls, as the OpenAPI paths spell it (`GET /v1/...`): the route's success schema is the tool's
   * output schema, unless `output` derives another from it
   */
  route: string;
  output?: (route: JsonSchema) => JsonSchema;
  /** writes something: hidden from read-only credentials (session tokens), and marked for the assistant */
  write?: { destructive: boolean; idempotent: boolean };
  /** 'people': the application's construction routes, shown to a signed-in person (not to a partner's key) */
  audience?: 'people';
  request: (input: Static<I>) => ApiRequest;
  /** the route's answer as the tool's structured result (default: the answer; a list becomes `{ items }`) */
  finish?: (body: never, context: { call: ApiCall; input: Static<I> }) => Promise<object> | object;
  /** the result for a model that reads text; default: compact JSON */
  text?: (structured: never) => string;
  /** resource links to the documents the result names */
  links?: (structured: never) => ResourceLink[];
}

function tool<I extends TObject>(definition: Tool<I>): Tool {
  return definition as unknown as Tool;
}

/**
 * An id as one path segment: encoded, so that whatever an argument holds (the schemas allow no `/` or `.`, but a path
 * must not depend on them) it cannot add segments, `..`, a query or a fragment to the route a tool calls.
 */
const seg = (id: string | number) => encodeURIComponent(String(id));
const ownerPath = (a: { building_owner_id: string }) => `/v1/building_owners/${seg(a.building_owner_id)}`;
const buildingPath = (a: { building_owner_id: string; building_id: string }) =>
  `${ownerPath(a)}/buildings/${seg(a.building_id)}`;
const OWNER = 'GET /v1/building_owners/{buildingOwnerId}';
const BUILDING = `${OWNER}/buildings/{buildingId}`;
const POST_BUILDING = 'POST /v1/building_owners/{buildingOwnerId}/buildings/{buildingId}';

/**
 * The search tools take every parameter of the search routes (their own query schema), with passages on by default
 * and a word on what large pages cost.
 */
const searchArgs = {
  ...SearchQuerySchema.properties,
  max_results: Type.Integer({
    minimum: 1,
    maximum: 1000,
    default: 20,
    description:
      'hits to return, 1 to 1000 (default 20). Each hit with its passages costs roughly 300 tokens of context: ' +
      'ask for more than 50 only when you need the whole list, and page with start_index otherwise',
  }),
  include_passages: Type.Boolean({
    default: true,
    description: 'each hit with up to 3 passages of its pages that matched, words highlighted (default true here)',
  }),
};

/** the list tools' switch to current revisions (the search tools take it with every other search parameter) */
const latestRevisionsArgs = {
  latest_revisions: Type.Optional(
    Type.Boolean({
      description:
        'true: only current revisions and versions (superseded drawing revisions and file versions left out)',
    }),
  ),
};

const askArgs = {
  query: Type.String({ minLength: 1, maxLength: 5000, description: 'the question, in Norwegian or English' }),
  language: Type.Optional(
    Type.Union([Type.Literal('en'), Type.Literal('no')], {
      description: "the answer's language (default: the question's)",
    }),
  ),
};

/** the passages' text as quoted lines, for a model reading the text rendering */
interface SearchBody {
  numberOfHits: number;
  hits: {
    id: string;
    buildingId: string;
    filename: string;
    originalPath?: string;
    passages?: { page_number: number; text: string }[];
  }[];
}
function searchText(body: SearchBody): string {
  const lines = [`${body.numberOfHits} matching documents; ${body.hits.length} shown.`];
  body.hits.forEach((hit, i) => {
    lines.push(`${i + 1}. ${hit.originalPath ?? hit.filename} (document ${hit.id}, building ${hit.buildingId})`);
    for (const passage of hit.passages ?? []) lines.push(`   p. ${passage.page_number}: "${oneLine(passage.text)}"`);
  });
  return lines.join('\n');
}
function searchLinks(body: SearchBody): ResourceLink[] {
  return body.hits.map((hit) =>
    documentLink(hit, hit.passages?.[0] ? `best passage on page ${hit.passages[0].page_number}` : undefined),
  );
}

interface AnswerBody {
  answer: string;
  citations: Record<string, { cited_text: string; document_id: string; page_number?: number }>;
  cited_documents: { id: string; filename: string; building_id: string }[];
}
function answerText(body: AnswerBody): string {
  const names = new Map(body.cited_documents.map((d) => [d.id, d.filename]));
  const sources = Object.entries(body.citations).map(
    ([n, c]) =>
      `[${n}] ${names.get(c.document_id) ?? c.document_id} (document ${c.document_id}${c.page_number ? `, page ${c.page_number}` : ''}): "${oneLine(c.cited_text)}"`,
  );
  return sources.length > 0 ? `${body.answer}\n\nSources:\n${sources.join('\n')}` : body.answer;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** report items' ids of linked documents, read in parallel through the item-documents route */
const ITEM_DOCUMENT_READS = 8;
async function withDocumentIds(
  items: { id: string }[],
  context: { call: ApiCall; input: { building_owner_id: string; building_id: string } },
): Promise<{ items: ({ id: string } & { documentIds: string[] })[] }> {
  const result: ({ id: string } & { documentIds: string[] })[] = items.map((item) => ({ ...item, documentIds: [] }));
  let next = 0;
  const worker = async () => {
    while (next < result.length) {
      const item = result[next++]!;
      const read = await context.call({
        method: 'GET',
        path: `${buildingPath(context.input)}/reports/${seg(item.id)}/documents`,
      });
      if (read.status >= 400) throw new ToolCallError(read.status, read.body);
      item.documentIds = (read.body as { documents: { id: string }[] }).documents.map((d) => d.id);
    }
  };
  await Promise.all(Array.from({ length: Math.min(ITEM_DOCUMENT_READS, result.length) }, worker));
  return { items: result };
}

/** Every tool: its name, what an assistant reads to choose it, its arguments and the route it calls. */
export const TOOLS: Tool[] = [
  tool({
    name: 'list_building_owners',
    title: 'List building owners',
    description: 'The building owners this credential reaches (ids and names). Start here to find an owner id.',
    input: args(pagingArgs),
    route: 'GET /v1/building_owners',
    request: (input) => ({ method: 'GET', path: '/v1/building_owners', query: input }),
  }),
  tool({
    name: 'list_buildings',
    title: 'List buildings',
    description: "A building owner's buildings: ids, names, addresses.",
    input: args({ ...ownerArgs, ...pagingArgs }),
    route: `${OWNER}/buildings`,
    request: ({ building_owner_id, ...query }) => ({
      method: 'GET',
      path: `${ownerPath({ building_owner_id })}/buildings`,
      query,
    }),
  }),
  tool({
    name: 'get_building',
    title: 'Get a building',
    description: 'One building: name, address, private folders, when it was created and changed.',
    input: args(buildingArgs),
    route: BUILDING,
    request: (input) => ({ method: 'GET', path: buildingPath(input) }),
  }),
  tool({
    name: 'get_owner_status',
    title: "An owner's processing status",
    description: "How far the documents of all of an owner's buildings (that this credential reaches) are processed.",
    input: args(ownerArgs),
    route: `${OWNER}/status`,
    request: (input) => ({ method: 'GET', path: `${ownerPath(input)}/status` }),
  }),
  tool({
    name: 'count_documents_by_category',
    title: 'Documents per NS 3451 category',
    description:
      "How many of a building's documents are classified under each NS 3451 building category code (e.g. 36 " +
      'ventilation); list them with list_category_documents.',
    input: args(buildingArgs),
    route: `${BUILDING}/building_category`,
    request: (input) => ({ method: 'GET', path: `${buildingPath(input)}/building_category` }),
  }),
  tool({
    name: 'list_category_documents',
    title: 'Documents of one NS 3451 category',
    description: 'A building\'s documents classified under one NS 3451 code (e.g. "3" or "36"), paged.',
    input: args({
      ...buildingArgs,
      category: Type.String({ pattern: '^\\d{1,3}$', description: 'the NS 3451 code' }),
      ...pagingArgs,
      ...latestRevisionsArgs,
    }),
    route: `${BUILDING}/building_category/{buildingCategory}`,
    request: ({ building_owner_id, building_id, category, ...query }) => ({
      method: 'GET',
      path: `${buildingPath({ building_owner_id, building_id })}/building_category/${seg(category)}`,
      query,
    }),
  }),
  tool({
    name: 'get_building_status',
    title: 'Building processing status',
    description: "How far a building's documents are processed: counts and shares extracted, classified, corrupt.",
    input: args(buildingArgs),
    route: `${BUILDING}/status`,
    request: (input) => ({ method: 'GET', path: `${buildingPath(input)}/status` }),
  }),
  tool({
    name: 'list_documents',
    title: 'List documents',
    description:
      "A building's documents, newest first: ids, file names, folders, NS 3451 category, information types; a " +
      'resource link per document.',
    input: args({
      ...buildingArgs,
      ...pagingArgs,
      updated_since: Type.Optional(
        Type.String({ format: 'date-time', description: 'only documents changed since (ISO 8601)' }),
      ),
      ...latestRevisionsArgs,
    }),
    route: `${BUILDING}/documents`,
    request: ({ building_owner_id, building_id, ...query }) => ({
      method: 'GET',
      path: `${buildingPath({ building_owner_id, building_id })}/documents`,
      // the route pages a change feed by update time
      query: query.updated_since ? { ...query, sort_by: 'updatedAt' } : query,
    }),
    links: (body: { documents: { id: string; filename: string }[] }) => body.documents.map((d) => documentLink(d)),
  }),
  tool({
    name: 'get_document',
    title: 'Get a document',
    description:
      'One document: metadata, classification with its evidence, and signed download and preview links (1 hour); a ' +
      'resource link to its text.',
    input: args({ ...buildingArgs, document_id: uuid('document') }),
    route: `${BUILDING}/documents/{documentId}`,
    request: ({ document_id, ...input }) => ({
      method: 'GET',
      path: `${buildingPath(input)}/documents/${seg(document_id)}`,
    }),
    links: (body: { id: string; filename: string }) => [documentLink(body)],
  }),
  tool({
    name: 'read_document_pages',
    title: "Read a document's pages",
    description:
      "The extracted text of a document's pages (from/to, 1-based, at most 50 per call), to read or quote it exactly.",
    input: args({
      ...buildingArgs,
      document_id: uuid('document'),
      from: Type.Optional(Type.Integer({ minimum: 1, description: 'the first page (default 1)' })),
      to: Type.Optional(Type.Integer({ minimum: 1, description: 'the last page, included' })),
    }),
    route: `${BUILDING}/documents/{documentId}/pages`,
    request: ({ document_id, from, to, ...input }) => ({
      method: 'GET',
      path: `${buildingPath(input)}/documents/${seg(document_id)}/pages`,
      query: { from, to },
    }),
  }),
  tool({
    name: 'search_building',
    title: 'Search a building',
    description:
      "Full-text search in one building's documents (Norwegian and English, typo-tolerant): each hit with up to 3 " +
      'passages (page number, verbatim text, highlighted words) and a resource link to the document. Takes every ' +
      'parameter of the REST search.',
    input: args({ ...buildingArgs, ...searchArgs }),
    route: `${BUILDING}/search`,
    request: ({ building_owner_id, building_id, ...query }) => ({
      method: 'GET',
      path: `${buildingPath({ building_owner_id, building_id })}/search`,
      query: query,
    }),
    text: searchText,
    links: searchLinks,
  }),
  tool({
    name: 'search_owner',
    title: "Search all of an owner's buildings",
    description:
      'Full-text search across every building of a building owner: each hit with its building, up to 3 passages ' +
      '(page number, verbatim text, highlighted words) and a resource link to the document. Takes every parameter ' +
      'of the REST search.',
    input: args({ ...ownerArgs, ...searchArgs }),
    route: `${OWNER}/search`,
    request: ({ building_owner_id, ...query }) => ({
      method: 'GET',
      path: `${ownerPath({ building_owner_id })}/search`,
      query: query,
    }),
    text: searchText,
    links: searchLinks,
  }),
  tool({
    name: 'ask_building',
    title: 'Ask about a building',
    description:
      "Answers a question from one building's documents, with numbered citations (document, page, quoted passage); " +
      'says so when the documents are silent.',
    input: args({ ...buildingArgs, ...askArgs }),
    route: `${POST_BUILDING}/ask`,
    request: ({ building_owner_id, building_id, ...body }) => ({
      method: 'POST',
      path: `${buildingPath({ building_owner_id, building_id })}/ask`,
      body,
    }),
    text: answerText,
    links: (body: AnswerBody) => body.cited_documents.map((d) => documentLink(d)),
  }),
  tool({
    name: 'ask_owner',
    title: "Ask across an owner's buildings",
    description:
      "Answers a question from all of a building owner's documents, with numbered citations (document, page, " +
      'quoted passage).',
    input: args({ ...ownerArgs, ...askArgs }),
    route: 'POST /v1/building_owners/{buildingOwnerId}/ask',
    request: ({ building_owner_id, ...body }) => ({
      method: 'POST',
      path: `${ownerPath({ building_owner_id })}/ask`,
      body,
    }),
    text: answerText,
    links: (body: AnswerBody) => body.cited_documents.map((d) => documentLink(d)),
  }),
  tool({
    name: 'get_maintenance_plan',
    title: 'Get the maintenance plan',
    description:
      "A building's maintenance plan (or, without building_id, the owner's across its buildings): every task found in " +
      'the FDV / O&M documentation or added by a person, with component, TFM code, NS 3451 part, action, interval ' +
      '(every N days/weeks/months/years; null for operating hours), who performs it, proposed or confirmed, and the ' +
      'verbatim passage and page that state it. Cite the passage when you answer from it.',
    input: args({
      ...ownerArgs,
      building_id: Type.Optional(buildingArgs.building_id),
      ...pagingArgs,
    }),
    route: `${BUILDING}/maintenance_tasks`,
    output: (building) => ({
      type: 'object',
      anyOf: [building, routeResponseSchema(`${OWNER}/maintenance_tasks`)],
    }),
    request: ({ building_owner_id, building_id, ...query }) =>
      building_id
        ? {
            method: 'GET',
            path: `${buildingPath({ building_owner_id, building_id })}/maintenance_tasks`,
            query: { limit: 100, ...query },
          }
        : {
            method: 'GET',
            path: `${ownerPath({ building_owner_id })}/maintenance_tasks`,
            query: { limit: 100, ...query },
          },
  }),
  tool({
    name: 'get_deficiency_report',
    title: 'Get the deficiency report',
    description:
      'The latest report of what documentation a building lacks against the regulations (NO: TEK17; GB: Building ' +
      "Safety Act): each item with its status and a comment on the evidence found; list_report_items adds each item's " +
      'linked document ids.',
    input: args({
      ...buildingArgs,
      country: Type.Optional(
        Type.Union([Type.Literal('NO'), Type.Literal('GB')], {
          description: 'which regulations (default: the latest)',
        }),
      ),
      locale: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('nb')])),
    }),
    route: `${BUILDING}/report`,
    request: ({ building_owner_id, building_id, ...query }) => ({
      method: 'GET',
      path: `${buildingPath({ building_owner_id, building_id })}/report`,
      query,
    }),
  }),
  tool({
    name: 'list_report_items',
    title: 'Items of the deficiency report',
    description:
      "Every item of a building's latest deficiency report, flat (nested through parentId): status, comment, laws, " +
      'and documentIds, the ids of the documents linked as its evidence. Item ids are what link_report_evidence takes.',
    input: args({ ...buildingArgs, locale: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('nb')])) }),
    route: `${BUILDING}/reports`,
    output: (route) => {
      const items = structuredClone(route) as { items: { properties: JsonSchema; required?: string[] } };
      items.items.properties.documentIds = {
        type: 'array',
        items: { type: 'string' },
        description: 'the documents linked to the item as its evidence (the item-documents route)',
      };
      items.items.required = [...(items.items.required ?? []), 'documentIds'];
      return objectSchema(items, 'the items, each with its linked documents');
    },
    request: ({ building_owner_id, building_id, ...query }) => ({
      method: 'GET',
      path: `${buildingPath({ building_owner_id, building_id })}/reports`,
      query,
    }),
    finish: (body: { id: string }[], context) => withDocumentIds(body, context),
  }),
  tool({
    name: 'generate_deficiency_report',
    title: 'Generate a deficiency report (write)',
    description:
      "Writes: checks a building's documents against a regulation checklist now and stores a new report (the " +
      'report, or pending when it takes longer); then read it with get_deficiency_report.',
    write: { destructive: false, idempotent: false },
    input: args({
      ...buildingArgs,
      country: Type.Union([Type.Literal('NO'), Type.Literal('GB')], {
        description: 'NO: Norwegian regulations; GB: UK regulations',
      }),
      version: Type.Optional(
        Type.Union([Type.Literal('v1'), Type.Literal('v2')], {
          description: 'checklist version; v2 goes into more depth (default v1)',
        }),
      ),
    }),
    route: `${POST_BUILDING}/reports`,
    request: ({ building_owner_id, building_id, country, version }) => ({
      method: 'POST',
      path: `${buildingPath({ building_owner_id, building_id })}/reports`,
      body: { country, version: version ?? 'v1' },
    }),
  }),
  tool({
    name: 'link_report_evidence',
    title: 'Link a document to a report item (write)',
    description:
      'Writes: records that a document evidences one item of the deficiency report; answers with the item and its ' +
      'status. Linking the same document again changes nothing.',
    write: { destructive: false, idempotent: true },
    input: args({ ...buildingArgs, item_id: uuid('report item'), document_id: uuid('document') }),
    route: 'PUT /v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/reports/{itemId}/documents/{documentId}',
    request: ({ item_id, document_id, ...input }) => ({
      method: 'PUT',
      path: `${buildingPath(input)}/reports/${seg(item_id)}/documents/${seg(document_id)}`,
    }),
  }),
  ...constructionTools(),
];

/** the application's construction routes, for a signed-in person: read-only */
function constructionTools(): Tool[] {
  const customer = { customer_id: uuid('customer') };
  const project = { ...customer, project_id: uuid('project') };
  const projectPath = (a: { customer_id: string; project_id: string }) =>
    `/construction/customers/${seg(a.customer_id)}/projects/${seg(a.project_id)}`;
  const PROJECT = 'GET /construction/customers/{customerId}/projects/{projectId}';
  return [
    tool({
      name: 'list_customers',
      title: 'List my customers',
      description: 'The companies (customers) the signed-in person works in, with their role; start here for projects.',
      audience: 'people',
      input: args({}),
      route: 'GET /construction/customers/',
      request: () => ({ method: 'GET', path: '/construction/customers/' }),
    }),
    tool({
      name: 'list_projects',
      title: 'List construction projects',
      description: "A customer's construction projects the person may see: ids, names, numbers, status, handover date.",
      audience: 'people',
      input: args(customer),
      route: 'GET /construction/customers/{customerId}/projects',
      request: (input) => ({ method: 'GET', path: `/construction/customers/${seg(input.customer_id)}/projects` }),
    }),
    tool({
      name: 'get_project',
      title: 'Get a construction project',
      description: 'One project: address, buildings, dates, naming convention and the person’s role in it.',
      audience: 'people',
      input: args(project),
      route: PROJECT,
      request: (input) => ({ method: 'GET', path: projectPath(input) }),
    }),
    tool({
      name: 'list_subcontractors',
      title: "A project's subcontractors",
      description: 'The subcontractors of a project: ids, company names, contacts.',
      audience: 'people',
      input: args(project),
      route: `${PROJECT}/subcontractors`,
      request: (input) => ({ method: 'GET', path: `${projectPath(input)}/subcontractors` }),
    }),
    tool({
      name: 'list_deliveries',
      title: "A project's deliveries",
      description:
        'What each subcontractor owes: per delivery its NS 3451 category, discipline, subcontractor and progress ' +
        '(expected, delivered, approved, declined) per information type.',
      audience: 'people',
      input: args({ project_id: uuid('project') }),
      route: 'GET /construction/deliveries/project/{projectId}',
      request: (input) => ({ method: 'GET', path: `/construction/deliveries/project/${seg(input.project_id)}` }),
    }),
    tool({
      name: 'get_missing_documentation',
      title: 'What is still missing in a project',
      description:
        'Per delivery, only the information types not yet approved: none delivered, waiting for review, or ' +
        'declined. The list to chase before handover.',
      audience: 'people',
      input: args({ project_id: uuid('project') }),
      route: 'GET /construction/deliveries/project/{projectId}',
      output: () => plain(MissingSchema),
      request: (input) => ({ method: 'GET', path: `/construction/deliveries/project/${seg(input.project_id)}` }),
      finish: (body: { deliveries: DeliveryView[] }) => missingOf(body.deliveries),
    }),
  ];
}

interface DeliveryView {
  id: string;
  subContractorId: string | null;
  fullCategory: string | null;
  discipline: string | null;
  progress: {
    expected: number;
    approved: number;
    informationTypes: { informationType: string; documents: number; approvalStatus: string | null; state: string }[];
  };
}

const MissingSchema = Type.Object({
  deliveries: Type.Integer({ description: "the project's deliveries" }),
  complete: Type.Integer({ description: 'deliveries with every information type approved' }),
  open: Type.Array(
    Type.Object({
      deliveryId: Type.String(),
      subcontractorId: Type.Union([Type.String(), Type.Null()]),
      category: Type.Union([Type.String(), Type.Null()]),
      discipline: Type.Union([Type.String(), Type.Null()]),
      approved: Type.String({ description: '"N of M" information types approved' }),
      missing: Type.Array(
        Type.Object({
          informationType: Type.String(),
          documents: Type.Integer(),
          why: Type.Union([Type.Literal('declined'), Type.Literal('nothing delivered'), Type.Literal('to review')]),
        }),
      ),
    }),
  ),
});

/** the deliveries with something still owed, and only what is owed */
export function missingOf(deliveries: DeliveryView[]): Static<typeof MissingSchema> {
  const open = deliveries.flatMap((delivery) => {
    const missing = delivery.progress.informationTypes
      .filter((type) => type.approvalStatus !== 'APPROVED')
      .map((type) => {
        const why: 'declined' | 'nothing delivered' | 'to review' =
          type.approvalStatus === 'DECLINED' ? 'declined' : type.documents === 0 ? 'nothing delivered' : 'to review';
        return { informationType: type.informationType, documents: type.documents, why };
      });
    return missing.length
      ? [
          {
            deliveryId: delivery.id,
            subcontractorId: delivery.subContractorId,
            category: delivery.fullCategory,
            discipline: delivery.discipline,
            approved: `${delivery.progress.approved} of ${delivery.progress.expected}`,
            missing,
          },
        ]
      : [];
  });
  return { deliveries: deliveries.length, complete: deliveries.length - open.length, open };
}

/** A refused call's problem, as the tool error the assistant reads (its own words name the field). */
class ToolCallError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(problemText(status, body));
  }
}

/** The text a refused or invalid call gives the assistant: the problem's own words, which name the field. */
function problemText(status: number, body: unknown): string {
  const problem = (body ?? {}) as { title?: string; detail?: string; code?: string };
  return `${status} ${problem.code ?? problem.title ?? 'error'}: ${problem.detail ?? problem.title ?? 'the call failed'}`;
}

const toolError = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] });

/** How an assistant goes from a question to a cited answer with these tools. */
export const INSTRUCTIONS = [
  'byggdok holds the documentation of buildings (drawings, FDV / O&M manuals, reports), in Norwegian and English.',
  'To answer a question: find the owner and building (list_building_owners, list_buildings) unless the user gave ' +
    'ids; then ask_building (or ask_owner across buildings) for an answer with numbered citations, or search_building ' +
    '/ search_owner for passages with page numbers. Read more of a document with read_document_pages or its ' +
    'byggdok://documents/{id} resource.',
  'Answer only from what the tools return, and cite every statement with the document name and page number, quoting ' +
    'the passage verbatim. When the documents do not hold the answer, say so; do not fill in from general knowledge.',
  'Search results cost context: keep max_results small (the default 20) and page with start_index.',
  'A tool error names the argument that was wrong: correct it and call again.',
].join('\n');

/**
 * A server with the tools a credential may use: read-only credentials (session tokens) do not see the write tools.
 * A new one per request (the HTTP transport is stateless) or one per stdio session. Nothing changes the tool list
 * within a session, so no `listChanged` is advertised.
 */
export function createMcpServer(params: {
  call: ApiCall;
  readOnly: boolean;
  /** a signed-in person: also the construction tools */
  person?: boolean;
  version: string;
  /** where a document is, when the caller may read it (for `byggdok://documents/{id}`); absent: no resources */
  locate?: (documentId: string) => Promise<{ ownerId: string; buildingId: string } | null>;
}): Server {
  const tools = TOOLS.filter(
    (definition) => !(definition.write && params.readOnly) && !(definition.audience === 'people' && !params.person),
  );
  const resources = params.locate !== undefined;
  const capabilities: ServerCapabilities = { tools: {}, ...(resources ? { resources: {} } : {}) };
  const server = new Server({ name: 'byggdok', version: params.version }, { capabilities, instructions: INSTRUCTIONS });

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.map(describeTool) }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const definition = tools.find((t) => t.name === request.params.name);
    if (!definition) throw new McpError(ErrorCode.InvalidParams, `Tool ${request.params.name} not found`);
    const { input, problems } = checkArguments(definition.input, request.params.arguments ?? {});
    if (problems) return toolError(`Invalid arguments for ${definition.name}: ${problems.join('; ')}`);
    try {
      const { status, body } = await params.call((definition.request as (i: unknown) => ApiRequest)(input));
      if (status >= 400) return toolError(problemText(status, body));
      const finished = definition.finish
        ? await (definition.finish as (b: unknown, c: unknown) => Promise<object>)(body, { call: params.call, input })
        : body;
      const structured = (
        Array.isArray(finished) ? { items: finished } : finished && typeof finished === 'object' ? finished : {}
      ) as Record<string, unknown>;
      const text = definition.text
        ? (definition.text as (s: unknown) => string)(structured)
        : JSON.stringify(structured);
      const content: CallToolResult['content'] = [{ type: 'text', text }];
      if (resources && definition.links)
        content.push(...(definition.links as (s: unknown) => ResourceLink[])(structured));
      return { content, structuredContent: structured };
    } catch (error) {
      if (error instanceof ToolCallError) return toolError(error.message);
      if (error instanceof Error && error.name === 'ByggdokNetworkError') return toolError(error.message);
      throw error;
    }
  });

  if (params.locate) registerDocumentResources(server, { call: params.call, locate: params.locate });
  return server;
}

const outputSchemas = new Map<string, JsonSchema>();

/** A tool as tools/list shows it: input and output schemas and complete annotations. */
export function describeTool(definition: Tool): ToolDescription {
  let output = outputSchemas.get(definition.name);
  if (!output) {
    const route = routeResponseSchema(definition.route);
    output = objectSchema(definition.output ? definition.output(route) : route);
    outputSchemas.set(definition.name, output);
  }
  return {
    name: definition.name,
    title: definition.title,
    description: definition.description,
    inputSchema: plain(definition.input) as ToolDescription['inputSchema'],
    outputSchema: output as ToolDescription['outputSchema'],
    annotations: {
      title: definition.title,
      readOnlyHint: !definition.write,
      destructiveHint: definition.write?.destructive ?? false,
      idempotentHint: definition.write?.idempotent ?? true,
      // a closed world: the caller's own documents, nothing from the open web
      openWorldHint: false,
    },
  };
}

export const DOCUMENT_URI = 'byggdok://documents/{documentId}';
/** pages a resource read holds at most (four calls of the pages route) */
export const RESOURCE_PAGES = 200;
/** resources/list: documents per page, and the most it offers in all */
export const RESOURCE_LIST_PAGE = 50;
const RESOURCE_LIST_MAX = 500;
/** buildings whose newest documents resources/list reads at most */
const RESOURCE_LIST_BUILDINGS = 50;

function documentLink(document: { id: string; filename: string }, description?: string): ResourceLink {
  return {
    type: 'resource_link',
    uri: DOCUMENT_URI.replace('{documentId}', document.id),
    name: document.filename,
    mimeType: 'text/plain',
    description: description ?? 'the document with the text of its pages',
  };
}

/**
 * `byggdok://documents/{id}`: a document as an assistant attaches it: its metadata and the extracted text of its pages
 * (up to RESOURCE_PAGES), read through the same routes and access rule as the tools. A document the caller cannot read
 * is "not found", whether it exists or not. resources/list offers the caller's most recent documents, paged.
 */
function registerDocumentResources(
  server: Server,
  deps: { call: ApiCall; locate: (documentId: string) => Promise<{ ownerId: string; buildingId: string } | null> },
): void {
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [
      {
        uriTemplate: DOCUMENT_URI,
        name: 'document',
        title: 'A document and its text',
        description: "A document's metadata and the text of its pages, to attach or quote (ids from list_documents).",
        mimeType: 'text/plain',
      },
    ],
  }));

  server.setRequestHandler(ListResourcesRequestSchema, async (request) => {
    const offset = request.params?.cursor ? cursorOffset(request.params.cursor) : 0;
    const recent = await recentDocuments(deps.call);
    const page = recent.slice(offset, offset + RESOURCE_LIST_PAGE);
    const next = offset + RESOURCE_LIST_PAGE < recent.length ? String(offset + RESOURCE_LIST_PAGE) : undefined;
    return {
      resources: page.map((d) => ({
        uri: DOCUMENT_URI.replace('{documentId}', d.id),
        name: d.filename,
        title: d.originalPath ?? d.filename,
        mimeType: 'text/plain',
        description: `changed ${d.updatedAt}`,
      })),
      ...(next ? { nextCursor: Buffer.from(next).toString('base64url') } : {}),
    };
  });

  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const uri = request.params.uri;
    const documentId = /^byggdok:\/\/documents\/([0-9a-f-]{36})$/i.exec(uri)?.[1];
    const place = documentId ? await deps.locate(documentId) : null;
    if (!place || !documentId) throw new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}`);
    const path = `/v1/building_owners/${seg(place.ownerId)}/buildings/${seg(place.buildingId)}/documents/${seg(documentId)}`;
    const meta = await deps.call({ method: 'GET', path });
    if (meta.status >= 400) throw new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}`);
    const document = meta.body as {
      filename: string;
      originalPath: string | null;
      buildingCategory: string | null;
      discipline: string | null;
      informationType: string | null;
      url: string;
    };
    const pages: { pageNumber: number; text: string }[] = [];
    let pageCount = 0;
    for (let from = 1; from <= RESOURCE_PAGES; from += 50) {
      const read = await deps.call({ method: 'GET', path: `${path}/pages`, query: { from, to: from + 49 } });
      const body = read.body as { pageCount: number; pages: { pageNumber: number; text: string }[] };
      if (read.status >= 400) break;
      pageCount = body.pageCount;
      pages.push(...body.pages);
      if (from + 49 >= pageCount) break;
    }
    const header = [
      document.filename,
      document.originalPath ? `Folder: ${document.originalPath}` : null,
      document.buildingCategory ? `NS 3451: ${document.buildingCategory}` : null,
      document.discipline ? `Discipline: ${document.discipline}` : null,
      document.informationType ? `Information type: ${document.informationType}` : null,
      `Download (valid one hour): ${document.url}`,
      pageCount > pages.length
        ? `Pages 1-${pages.length} of ${pageCount}; read the rest with read_document_pages`
        : null,
    ].filter((line) => line !== null);
    const text = [header.join('\n'), ...pages.map((page) => `--- Page ${page.pageNumber} ---\n${page.text}`)].join(
      '\n\n',
    );
    return { contents: [{ uri, mimeType: 'text/plain', text }] };
  });
}

function cursorOffset(cursor: string): number {
  const offset = Number(Buffer.from(cursor, 'base64url').toString());
  if (!Number.isInteger(offset) || offset < 0 || offset > RESOURCE_LIST_MAX) {
    throw new McpError(ErrorCode.InvalidParams, 'cursor: not a cursor this server gave');
  }
  return offset;
}

interface ListedDocument {
  id: string;
  filename: string;
  originalPath?: string;
  updatedAt: string;
}

/**
 * The caller's most recently changed documents (at most RESOURCE_LIST_MAX), newest first, read through the same
 * routes as the tools: each reachable building's newest documents (of the first RESOURCE_LIST_BUILDINGS buildings),
 * merged.
 */
async function recentDocuments(call: ApiCall): Promise<ListedDocument[]> {
  const owners = await call({ method: 'GET', path: '/v1/building_owners', query: { limit: 100 } });
  if (owners.status >= 400) return [];
  const buildings: { ownerId: string; buildingId: string }[] = [];
  for (const owner of (owners.body as { buildingOwners?: { id: string }[] }).buildingOwners ?? []) {
    if (buildings.length >= RESOURCE_LIST_BUILDINGS) break;
    const listed = await call({
      method: 'GET',
      path: `/v1/building_owners/${seg(owner.id)}/buildings`,
      query: { limit: 100 },
    });
    if (listed.status >= 400) continue;
    for (const building of (listed.body as { buildings: { id: string }[] }).buildings)
      buildings.push({ ownerId: owner.id, buildingId: building.id });
  }
  const lists = await Promise.all(
    buildings.slice(0, RESOURCE_LIST_BUILDINGS).map(async ({ ownerId, buildingId }) => {
      const read = await call({
        method: 'GET',
        path: `/v1/building_owners/${seg(ownerId)}/buildings/${seg(buildingId)}/documents`,
        query: { limit: 100, sort_by: 'updatedAt', sort_order: 'desc' },
      });
      return read.status >= 400 ? [] : (read.body as { documents: ListedDocument[] }).documents;
    }),
  );
  return lists
    .flat()
    .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : a.id < b.id ? -1 : 1))
    .slice(0, RESOURCE_LIST_MAX);
}

/** the JSON-RPC error MCP uses for a resource that is not there */
const RESOURCE_NOT_FOUND = -32002;
