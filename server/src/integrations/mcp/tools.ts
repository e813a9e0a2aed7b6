import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

/**
 * One call of the partner API, made for a tool: in the service through Fastify's inject with the caller's own
 * credential headers (so every route's validation and its `domain/access` check run exactly as for a REST call), or
 * over HTTP by `byggdok mcp` (stdio). The tools are a thin, read-mostly layer over the routes, never a second way in.
 */
export type ApiCall = (request: {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
}) => Promise<{ status: number; body: unknown }>;

const id = (what: string) => z.string().uuid().describe(`the ${what}'s id`);
const owner = { building_owner_id: id('building owner') };
const building = { ...owner, building_id: id('building') };
const paging = {
  limit: z.number().int().min(1).max(1000).optional().describe('how many (default 10; 100 for owners)'),
  next_token: z.string().max(2000).optional().describe('the next_token of the previous page'),
};
const latestRevisions = {
  latest_revisions: z
    .boolean()
    .optional()
    .describe('true: only current revisions and versions (superseded drawing revisions and file versions left out)'),
};
const searchFilters = {
  query: z.string().min(1).max(2000).describe('what to look for, in Norwegian or English'),
  max_results: z.number().int().min(1).max(100).optional().describe('hits to return (default 20)'),
  start_index: z.number().int().min(0).optional().describe('skip this many hits (paging)'),
  category: z.string().max(10).optional().describe('an NS 3451 code: that building part and everything under it'),
  discipline: z.string().max(200).optional().describe('a discipline, e.g. "Elektro" or "VVS"'),
  document_type: z.enum(['document', 'drawing']).optional(),
  include_aggregations: z.boolean().optional().describe('true: counts per category, discipline and file type'),
  ...latestRevisions,
};
const askInput = {
  query: z.string().min(1).max(5000).describe('the question, in Norwegian or English'),
  language: z.enum(['en', 'no']).optional().describe("the answer's language (default: the question's)"),
};

type Shape = Record<string, z.ZodTypeAny>;
interface Tool<S extends Shape> {
  name: string;
  title: string;
  description: string;
  input: S;
  /** writes something: hidden from read-only credentials (session tokens), and marked for the assistant */
  write?: boolean;
  /** 'people': the application's construction routes, shown to a signed-in person (not to a partner's key) */
  audience?: 'people';
  request: (args: z.infer<z.ZodObject<S>>) => Parameters<ApiCall>[0];
  /** the answer made compact for the assistant; default: the route's JSON as it is */
  present?: (body: never) => unknown;
}

const ownerPath = (args: { building_owner_id: string }) => `/v1/building_owners/${args.building_owner_id}`;
const buildingPath = (args: { building_owner_id: string; building_id: string }) =>
  `${ownerPath(args)}/buildings/${args.building_id}`;

function tool<S extends Shape>(definition: Tool<S>): Tool<S> {
  return definition;
}

/** Every tool: its name, what an assistant reads to choose it, its arguments and the route it calls. */
export const TOOLS = [
  tool({
    name: 'list_building_owners',
    title: 'List building owners',
    description: 'The building owners this credential reaches (ids and names). Start here to find an owner id.',
    input: paging,
    request: (args) => ({ method: 'GET', path: '/v1/building_owners', query: args }),
  }),
  tool({
    name: 'list_buildings',
    title: 'List buildings',
    description: "A building owner's buildings: ids, names, addresses.",
    input: { ...owner, ...paging },
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
    input: building,
    request: (args) => ({ method: 'GET', path: buildingPath(args) }),
  }),
  tool({
    name: 'get_owner_status',
    title: "An owner's processing status",
    description: "How far the documents of all of an owner's buildings (that this credential reaches) are processed.",
    input: owner,
    request: (args) => ({ method: 'GET', path: `${ownerPath(args)}/status` }),
  }),
  tool({
    name: 'count_documents_by_category',
    title: 'Documents per NS 3451 category',
    description:
      "How many of a building's documents are classified under each NS 3451 building category code (e.g. 36 " +
      'ventilation); list them with list_category_documents.',
    input: building,
    request: (args) => ({ method: 'GET', path: `${buildingPath(args)}/building_category` }),
  }),
  tool({
    name: 'list_category_documents',
    title: 'Documents of one NS 3451 category',
    description: 'A building\'s documents classified under one NS 3451 code (e.g. "3" or "36"), paged.',
    input: {
      ...building,
      category: z
        .string()
        .regex(/^\d{1,3}$/)
        .describe('the NS 3451 code'),
      ...paging,
      ...latestRevisions,
    },
    request: ({ building_owner_id, building_id, category, ...query }) => ({
      method: 'GET',
      path: `${buildingPath({ building_owner_id, building_id })}/building_category/${category}`,
      query,
    }),
  }),
  tool({
    name: 'get_building_status',
    title: 'Building processing status',
    description: "How far a building's documents are processed: counts and shares extracted, classified, corrupt.",
    input: building,
    request: (args) => ({ method: 'GET', path: `${buildingPath(args)}/status` }),
  }),
  tool({
    name: 'list_documents',
    title: 'List documents',
    description: "A building's documents, newest first: ids, file names, folders, NS 3451 category, information types.",
    input: {
      ...building,
      ...paging,
      updated_since: z.string().datetime().optional().describe('only documents changed since (ISO 8601)'),
      ...latestRevisions,
    },
    request: ({ building_owner_id, building_id, ...query }) => ({
      method: 'GET',
      path: `${buildingPath({ building_owner_id, building_id })}/documents`,
      query,
    }),
  }),
  tool({
    name: 'get_document',
    title: 'Get a document',
    description:
      'One document: metadata, classification with its evidence, and signed download and preview links (1 hour).',
    input: { ...building, document_id: id('document') },
    request: ({ document_id, ...args }) => ({ method: 'GET', path: `${buildingPath(args)}/documents/${document_id}` }),
  }),
  tool({
    name: 'read_document_pages',
    title: "Read a document's pages",
    description:
      "The extracted text of a document's pages (from/to, 1-based, at most 50 per call), to read or quote it exactly.",
    input: {
      ...building,
      document_id: id('document'),
      from: z.number().int().min(1).optional().describe('the first page (default 1)'),
      to: z.number().int().min(1).optional().describe('the last page, included'),
    },
    request: ({ document_id, from, to, ...args }) => ({
      method: 'GET',
      path: `${buildingPath(args)}/documents/${document_id}/pages`,
      query: { from, to },
    }),
  }),
  tool({
    name: 'search_building',
    title: 'Search a building',
    description:
      "Full-text search in one building's documents (Norwegian and English, fuzzy): hits with page and passage.",
    input: { ...building, ...searchFilters },
    request: ({ building_owner_id, building_id, ...query }) => ({
      method: 'GET',
      path: `${buildingPath({ building_owner_id, building_id })}/search`,
      query,
    }),
  }),
  tool({
    name: 'search_owner',
    title: "Search all of an owner's buildings",
    description: 'Full-text search across every building of a building owner: hits with building, page and passage.',
    input: { ...owner, ...searchFilters },
    request: ({ building_owner_id, ...query }) => ({
      method: 'GET',
      path: `${ownerPath({ building_owner_id })}/search`,
      query,
    }),
  }),
  tool({
    name: 'ask_building',
    title: 'Ask about a building',
    description:
      "Answers a question from one building's documents, with numbered citations (document, page, quoted passage); " +
      'says so when the documents are silent.',
    input: { ...building, ...askInput },
    request: ({ building_owner_id, building_id, ...body }) => ({
      method: 'POST',
      path: `${buildingPath({ building_owner_id, building_id })}/ask`,
      body,
    }),
  }),
  tool({
    name: 'ask_owner',
    title: "Ask across an owner's buildings",
    description: "Answers a question from all of a building owner's documents, with numbered citations.",
    input: { ...owner, ...askInput },
    request: ({ building_owner_id, ...body }) => ({
      method: 'POST',
      path: `${ownerPath({ building_owner_id })}/ask`,
      body,
    }),
  }),
  tool({
    name: 'get_maintenance_plan',
    title: 'Get the maintenance plan',
    description:
      "A building's maintenance plan (or, without building_id, the owner's across its buildings): every task found in " +
      'the FDV / O&M documentation or added by a person, with component, TFM code, NS 3451 part, action, interval ' +
      '(every N days/weeks/months/years; null for operating hours), who performs it, proposed or confirmed, and the ' +
      'verbatim passage and page that state it. Cite the passage when you answer from it.',
    input: {
      ...owner,
      building_id: id('building').optional().describe("one building; left out: the owner's whole plan"),
      ...paging,
    },
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
      'Safety Act): each item with its status and the documents that evidence it.',
    input: {
      ...building,
      country: z.enum(['NO', 'GB']).optional().describe('which regulations (default: the latest report)'),
      locale: z.enum(['en', 'nb']).optional(),
    },
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
      'the documents that evidence it. Item ids are what link_report_evidence takes.',
    input: { ...building, locale: z.enum(['en', 'nb']).optional() },
    request: ({ building_owner_id, building_id, ...query }) => ({
      method: 'GET',
      path: `${buildingPath({ building_owner_id, building_id })}/reports`,
      query,
    }),
  }),
  tool({
    name: 'generate_deficiency_report',
    title: 'Generate a deficiency report (write)',
    description:
      "Writes: checks a building's documents against a regulation checklist now and stores the report; then read it " +
      'with get_deficiency_report.',
    write: true,
    input: {
      ...building,
      country: z.enum(['NO', 'GB']).describe('NO: Norwegian regulations; GB: UK regulations'),
      version: z.enum(['v1', 'v2']).optional().describe('checklist version; v2 goes into more depth (default v1)'),
    },
    request: ({ building_owner_id, building_id, country, version }) => ({
      method: 'POST',
      path: `${buildingPath({ building_owner_id, building_id })}/reports`,
      body: { country, version: version ?? 'v1' },
    }),
  }),
  tool({
    name: 'link_report_evidence',
    title: 'Link a document to a report item (write)',
    description: 'Writes: records that a document evidences one item of the deficiency report.',
    write: true,
    input: { ...building, item_id: id('report item'), document_id: id('document') },
    request: ({ item_id, document_id, ...args }) => ({
      method: 'PUT',
      path: `${buildingPath(args)}/reports/${item_id}/documents/${document_id}`,
    }),
  }),
  ...constructionTools(),
];

/** the application's construction routes, for a signed-in person: read-only */
function constructionTools() {
  const customer = { customer_id: id('customer') };
  const project = { ...customer, project_id: id('project') };
  const projectPath = (args: { customer_id: string; project_id: string }) =>
    `/construction/customers/${args.customer_id}/projects/${args.project_id}`;
  return [
    tool({
      name: 'list_customers',
      title: 'List my customers',
      description: 'The companies (customers) the signed-in person works in, with their role; start here for projects.',
      audience: 'people',
      input: {},
      request: () => ({ method: 'GET', path: '/construction/customers/' }),
    }),
    tool({
      name: 'list_projects',
      title: 'List construction projects',
      description: "A customer's construction projects the person may see: ids, names, numbers, status, handover date.",
      audience: 'people',
      input: customer,
      request: (args) => ({ method: 'GET', path: `/construction/customers/${args.customer_id}/projects` }),
    }),
    tool({
      name: 'get_project',
      title: 'Get a construction project',
      description: 'One project: address, buildings, dates, naming convention and the person’s role in it.',
      audience: 'people',
      input: project,
      request: (args) => ({ method: 'GET', path: projectPath(args) }),
    }),
    tool({
      name: 'list_subcontractors',
      title: "A project's subcontractors",
      description: 'The subcontractors of a project: ids, company names, contacts.',
      audience: 'people',
      input: project,
      request: (args) => ({ method: 'GET', path: `${projectPath(args)}/subcontractors` }),
    }),
    tool({
      name: 'list_deliveries',
      title: "A project's deliveries",
      description:
        'What each subcontractor owes: per delivery its NS 3451 category, discipline, subcontractor and progress ' +
        '(expected, delivered, approved, declined) per information type.',
      audience: 'people',
      input: { project_id: id('project') },
      request: (args) => ({ method: 'GET', path: `/construction/deliveries/project/${args.project_id}` }),
    }),
    tool({
      name: 'get_missing_documentation',
      title: 'What is still missing in a project',
      description:
        'Per delivery, only the information types not yet approved: none delivered, waiting for review, or ' +
        'declined. The list to chase before handover.',
      audience: 'people',
      input: { project_id: id('project') },
      request: (args) => ({ method: 'GET', path: `/construction/deliveries/project/${args.project_id}` }),
      present: (body: { deliveries: DeliveryView[] }) => missingOf(body.deliveries),
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

/** the deliveries with something still owed, and only what is owed */
export function missingOf(deliveries: DeliveryView[]) {
  const open = deliveries.flatMap((delivery) => {
    const missing = delivery.progress.informationTypes
      .filter((type) => type.approvalStatus !== 'APPROVED')
      .map((type) => ({
        informationType: type.informationType,
        documents: type.documents,
        why: type.approvalStatus === 'DECLINED' ? 'declined' : type.documents === 0 ? 'nothing delivered' : 'to review',
      }));
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

/** The text a refused or invalid call gives the assistant: the problem's own words, which name the field. */
function problemText(status: number, body: unknown): string {
  const problem = (body ?? {}) as { title?: string; detail?: string; code?: string };
  return `${status} ${problem.code ?? problem.title ?? 'error'}: ${problem.detail ?? problem.title ?? 'the call failed'}`;
}

/**
 * A server with the tools a credential may use: read-only credentials (session tokens) do not see the write tools.
 * A new one per request (the HTTP transport is stateless) or one per stdio session.
 */
export function createMcpServer(params: {
  call: ApiCall;
  readOnly: boolean;
  /** a signed-in person: also the construction tools */
  person?: boolean;
  version: string;
  /** where a document is, when the caller may read it (for `byggdok://documents/{id}`); absent: no resources */
  locate?: (documentId: string) => Promise<{ ownerId: string; buildingId: string } | null>;
}): McpServer {
  const server = new McpServer({ name: 'byggdok', version: params.version });
  for (const definition of TOOLS) {
    if (definition.write && params.readOnly) continue;
    if (definition.audience === 'people' && !params.person) continue;
    server.registerTool(
      definition.name,
      {
        title: definition.title,
        description: definition.description,
        inputSchema: definition.input,
        annotations: { readOnlyHint: !definition.write, openWorldHint: false },
      },
      async (args: Record<string, unknown>): Promise<CallToolResult> => {
        const request = (definition.request as (input: Record<string, unknown>) => Parameters<ApiCall>[0])(args);
        const { status, body } = await params.call(request);
        if (status >= 400) return { isError: true, content: [{ type: 'text', text: problemText(status, body) }] };
        const shown = definition.present ? (definition.present as (answer: unknown) => unknown)(body) : body;
        const content: CallToolResult['content'] = [{ type: 'text', text: JSON.stringify(shown) }];
        // a document can be attached by its resource: its page text, read through the same route
        const document = definition.name === 'get_document' && params.locate ? documentLink(body) : null;
        if (document) content.push(document);
        return { content };
      },
    );
  }
  if (params.locate) registerDocumentResource(server, { call: params.call, locate: params.locate });
  return server;
}

export const DOCUMENT_URI = 'byggdok://documents/{documentId}';
/** pages a resource read holds at most (four calls of the pages route) */
export const RESOURCE_PAGES = 200;

function documentLink(body: unknown): CallToolResult['content'][number] | null {
  const document = body as { id?: string; filename?: string };
  if (!document.id || !document.filename) return null;
  return {
    type: 'resource_link',
    uri: DOCUMENT_URI.replace('{documentId}', document.id),
    name: document.filename,
    mimeType: 'text/plain',
    description: 'the document with the text of its pages',
  };
}

/**
 * `byggdok://documents/{id}`: a document as an assistant attaches it: its metadata and the extracted text of its pages
 * (up to RESOURCE_PAGES), read through the same routes and access rule as the tools. A document the caller cannot read
 * is "not found", whether it exists or not.
 */
function registerDocumentResource(
  server: McpServer,
  deps: { call: ApiCall; locate: (documentId: string) => Promise<{ ownerId: string; buildingId: string } | null> },
): void {
  server.registerResource(
    'document',
    new ResourceTemplate(DOCUMENT_URI, { list: undefined }),
    {
      title: 'A document and its text',
      description: "A document's metadata and the text of its pages, to attach or quote (ids from list_documents).",
      mimeType: 'text/plain',
    },
    async (uri, variables) => {
      const documentId = String(variables.documentId);
      const place = /^[0-9a-f-]{36}$/i.test(documentId) ? await deps.locate(documentId) : null;
      if (!place) throw new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${uri.href}`);
      const path = `/v1/building_owners/${place.ownerId}/buildings/${place.buildingId}/documents/${documentId}`;
      const meta = await deps.call({ method: 'GET', path });
      if (meta.status >= 400) throw new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${uri.href}`);
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
      return { contents: [{ uri: uri.href, mimeType: 'text/plain', text }] };
    },
  );
}

/** the JSON-RPC error MCP uses for a resource that is not there */
const RESOURCE_NOT_FOUND = -32002;
