import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
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
const searchFilters = {
  query: z.string().min(1).max(2000).describe('what to look for, in Norwegian or English'),
  max_results: z.number().int().min(1).max(100).optional().describe('hits to return (default 20)'),
  start_index: z.number().int().min(0).optional().describe('skip this many hits (paging)'),
  category: z.string().max(10).optional().describe('an NS 3451 code: that building part and everything under it'),
  discipline: z.string().max(200).optional().describe('a discipline, e.g. "Elektro" or "VVS"'),
  document_type: z.enum(['document', 'drawing']).optional(),
  include_aggregations: z.boolean().optional().describe('true: counts per category, discipline and file type'),
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
  request: (args: z.infer<z.ZodObject<S>>) => Parameters<ApiCall>[0];
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
];

/** The text a refused or invalid call gives the assistant: the problem's own words, which name the field. */
function problemText(status: number, body: unknown): string {
  const problem = (body ?? {}) as { title?: string; detail?: string; code?: string };
  return `${status} ${problem.code ?? problem.title ?? 'error'}: ${problem.detail ?? problem.title ?? 'the call failed'}`;
}

/**
 * A server with the tools a credential may use: read-only credentials (session tokens) do not see the write tools.
 * A new one per request (the HTTP transport is stateless) or one per stdio session.
 */
export function createMcpServer(params: { call: ApiCall; readOnly: boolean; version: string }): McpServer {
  const server = new McpServer({ name: 'byggdok', version: params.version });
  for (const definition of TOOLS) {
    if (definition.write && params.readOnly) continue;
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
        return { content: [{ type: 'text', text: JSON.stringify(body) }] };
      },
    );
  }
  return server;
}
