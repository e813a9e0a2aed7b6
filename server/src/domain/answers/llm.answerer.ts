import type { AskMode } from './answer.types.js';
import { MODE_BUDGETS, type AnswerContext, type Answerer, type AnswererEvent, type AnswerOutcome } from './answerer.js';
import { modelFailure } from './answers.errors.js';
import { CitationMarkerStream } from './citation-markers.js';
import { suggestFollowUps } from './follow-ups.js';
import { LANGUAGE_NAMES, PHRASES } from './language.js';
import type { ChatEvent, ChatMessage, ChatModel, ChatRequest, Passage, ToolCall, ToolDefinition } from './ports.js';
import { analyseQuestion } from './question.js';
import { retrieveReranked } from './passage-reranker.js';
import { collapseWhitespace } from './text-analysis.js';

/** Text a model writes before its first tool call is reasoning ("Let me search ..."); past this length it is the answer. */
const ANSWER_COMMIT_CHARS = 160;
const MAX_TOKENS: Record<AskMode, number> = { fast: 700, balanced: 1400, deep: 2800 };
const FIRST_PASSAGES: Record<AskMode, number> = { fast: 6, balanced: 10, deep: 16 };

const TOOLS: ToolDefinition[] = [
  {
    name: 'search_documents',
    description:
      'Full-text search over the documents of the buildings in scope. Returns labelled passages ([S1], [S2] ...) ' +
      'with document id, file name and page. Search with the words the documents would use (Norwegian terms for ' +
      'Norwegian documents).',
    parameters: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'search words' },
        limit: { type: 'integer', minimum: 1, maximum: 20, description: 'passages to return (default 8)' },
      },
      required: ['query'],
    },
  },
  {
    name: 'read_page',
    description:
      'Reads one page of a document (all of its passages, labelled). Use it to see the context of a passage.',
    parameters: {
      type: 'object',
      properties: { document_id: { type: 'string' }, page_number: { type: 'integer', minimum: 1 } },
      required: ['document_id', 'page_number'],
    },
  },
  {
    name: 'read_document',
    description: 'Reads the beginning of a document (its first passages, labelled).',
    parameters: { type: 'object', properties: { document_id: { type: 'string' } }, required: ['document_id'] },
  },
  {
    name: 'list_categories',
    description: 'Lists the NS 3451 building categories of the documents in scope, with document counts.',
    parameters: { type: 'object', properties: {} },
  },
];

/**
 * A chat model answers, reading the documents through tools (search, read a page or a document, list categories);
 * each tool call is reported as an action. The passages it sees are labelled, it cites labels, and every label is
 * turned into a verified citation (or dropped) as the answer streams.
 */
export function createLlmAnswerer(deps: { model: ChatModel }): Answerer {
  const { model } = deps;
  return {
    repeatsEarlierAnswers: true,
    async *answer(context: AnswerContext): AsyncGenerator<AnswererEvent, AnswerOutcome> {
      const { mode, tools, language } = context;
      const budget = MODE_BUDGETS[mode];
      const sources = new Map<string, Passage>();
      const labelOf = new Map<string, string>();
      const register = (passages: readonly Passage[]): string => {
        if (passages.length === 0) return 'No passages found.';
        return passages
          .map((passage) => {
            let label = labelOf.get(passage.chunkId);
            if (!label) {
              label = `S${sources.size + 1}`;
              sources.set(label, passage);
              labelOf.set(passage.chunkId, label);
            }
            // the passage's language, where it is known, so the model reads it as such and still answers in the asked one
            const written = passage.language ? ` language=${LANGUAGE_NAMES[passage.language]}` : '';
            return `[${label}] document_id=${passage.documentId} file="${passage.filename}" page=${passage.pageNumber}${written}\n${passage.text}`;
          })
          .join('\n\n');
      };

      // a first search with the question, so that even a model that calls no tool answers from the documents
      const question = analyseQuestion({
        question: context.question,
        history: context.history.map((t) => t.query),
        language: context.language,
      });
      const query = question.terms.map((t) => t.word).join(' ') || context.question;
      const searchLabel = PHRASES[language].searching(collapseWhitespace(context.question).slice(0, 120));
      yield { type: 'action', state: 'started', value: searchLabel, result: null };
      // the passages the built-in answerer would read first: the index's pool reordered by what their text holds
      const first = await retrieveReranked({ tools, question, query, limit: FIRST_PASSAGES[mode] });
      const attached =
        context.attachedDocumentIds.length > 0
          ? await tools.readPassages({ documentIds: context.attachedDocumentIds, limitPerDocument: 20 })
          : [];
      yield { type: 'action', state: 'completed', value: searchLabel, result: summary(first) };

      const messages: ChatMessage[] = [];
      for (const turn of context.history) {
        messages.push({ role: 'user', content: turn.query });
        messages.push({ role: 'assistant', content: turn.answer.replace(/\s*\[\d+\]/g, '') });
      }
      messages.push({
        role: 'user',
        content:
          `Question: ${context.question}\n\n` +
          (attached.length > 0 ? `Attached documents (always relevant):\n${register(attached)}\n\n` : '') +
          `Passages found for the question:\n${register(first)}`,
      });

      const markers = new CitationMarkerStream({ sources, citations: context.citations });
      const system = systemPrompt({ language: LANGUAGE_NAMES[language], mode });
      for (let step = 0; step < budget.llmSteps; step += 1) {
        const last = step === budget.llmSteps - 1;
        let held = '';
        let committed = false;
        const calls: ToolCall[] = [];
        const reasoning: { text: string; signature: string }[] = [];
        let thinking = '';
        for await (const event of streamOf(model, {
          system,
          messages,
          tools: TOOLS,
          toolChoice: last ? 'none' : 'auto',
          maxTokens: MAX_TOKENS[mode],
          signal: context.signal,
        })) {
          if (event.type === 'thinking') {
            if (event.text !== '') yield { type: 'thinking', text: event.text };
            thinking += event.text;
            if (event.signature) {
              reasoning.push({ text: thinking, signature: event.signature });
              thinking = '';
            }
          } else if (event.type === 'text') {
            if (committed) {
              for await (const piece of markers.push(event.text)) yield { type: 'text', text: piece };
              continue;
            }
            held += event.text;
            if (last || held.length > ANSWER_COMMIT_CHARS || /[[【]\s*S?\d/iu.test(held)) {
              committed = true;
              for await (const piece of markers.push(held)) yield { type: 'text', text: piece };
              held = '';
            }
          } else if (event.type === 'tool_call') {
            calls.push(event.call);
          }
        }
        if (committed || calls.length === 0) {
          // the answer: text already streaming, or a short one held back until now
          for await (const piece of markers.push(held)) yield { type: 'text', text: piece };
          break;
        }
        // text before a tool call was the model thinking aloud
        if (held.trim() !== '') yield { type: 'thinking', text: held };
        messages.push({
          role: 'assistant',
          content: held,
          toolCalls: calls,
          ...(reasoning.length ? { reasoning } : {}),
        });
        for (const call of calls) {
          const label = actionLabel(call);
          yield { type: 'action', state: 'started', value: label, result: null };
          try {
            const { content, result } = await runTool({ call, context, register });
            messages.push({ role: 'tool', toolCallId: call.id, name: call.name, content });
            yield { type: 'action', state: 'completed', value: label, result };
          } catch (error) {
            context.signal.throwIfAborted();
            const message = error instanceof Error ? error.message : String(error);
            messages.push({ role: 'tool', toolCallId: call.id, name: call.name, content: `Error: ${message}` });
            yield { type: 'action', state: 'failed', value: label, result: message };
          }
        }
      }
      for await (const piece of markers.end()) yield { type: 'text', text: piece };
      let answer = markers.text;
      if (answer.trim() === '') {
        answer = PHRASES[language].notFound;
        yield { type: 'text', text: answer };
      }
      const citedDocumentIds = context.citations.citations().map((c) => c.documentId);
      return {
        answer,
        followUpSuggestions: suggestFollowUps({
          passages: [...sources.values()],
          citedDocumentIds,
          askedQuestions: [context.question, ...context.history.map((t) => t.query)],
          language,
        }),
      };
    },
  };
}

/** The model's events; a failed call becomes the ask error the caller sees (502, or 504 on a timeout). */
async function* streamOf(model: ChatModel, request: ChatRequest): AsyncGenerator<ChatEvent> {
  try {
    yield* model.stream(request);
  } catch (error) {
    throw modelFailure(error);
  }
}

function systemPrompt(params: { language: string; mode: AskMode }): string {
  const depth: Record<AskMode, string> = {
    fast: 'Answer in one to three sentences. Use a tool only if the passages given do not hold the answer.',
    balanced: 'Answer in a short paragraph. Search again with other words if the passages given fall short.',
    deep:
      'Be thorough: search with several phrasings, read the pages around the best passages, and reconcile what ' +
      'different documents say before answering.',
  };
  return [
    "You answer questions about buildings from the buildings' own documents (drawings, FDV/O&M manuals, reports, " +
      'certificates, product data sheets).',
    'Use only the passages you are given or read with the tools; never use outside knowledge.',
    'Right after each statement, cite the label of the passage that states it, in square brackets, for example ' +
      '[S2] or [S2][S5]. Cite only labels you have been shown. Do not list sources at the end.',
    'If the passages do not hold the answer, say plainly that the documents do not say; do not guess.',
    `Write the answer in ${params.language}, whatever the language of the documents; each passage names its ` +
      'language where it is known. Quote a passage in its own language when you quote it.',
    depth[params.mode],
  ].join('\n');
}

function summary(passages: readonly Passage[]): string {
  return `${passages.length} passages from ${new Set(passages.map((p) => p.documentId)).size} documents`;
}

function stringArg(call: ToolCall, name: string): string | null {
  const value = call.arguments[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function integerArg(call: ToolCall, name: string): number | null {
  const value = call.arguments[name];
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) ? number : null;
}

function actionLabel(call: ToolCall): string {
  switch (call.name) {
    case 'search_documents':
      return `searching documents: "${(stringArg(call, 'query') ?? '').slice(0, 120)}"`;
    case 'read_page':
      return `reading page ${integerArg(call, 'page_number') ?? '?'} of document ${stringArg(call, 'document_id') ?? '?'}`;
    case 'read_document':
      return `reading document ${stringArg(call, 'document_id') ?? '?'}`;
    case 'list_categories':
      return 'listing document categories';
    default:
      return `unknown tool ${call.name.slice(0, 60)}`;
  }
}

async function runTool(params: {
  call: ToolCall;
  context: AnswerContext;
  register: (passages: readonly Passage[]) => string;
}): Promise<{ content: string; result: string }> {
  const { call, context, register } = params;
  const { tools } = context;
  switch (call.name) {
    case 'search_documents': {
      const query = stringArg(call, 'query');
      if (!query) throw new Error('query is required');
      const limit = Math.min(20, Math.max(1, integerArg(call, 'limit') ?? 8));
      const passages = await tools.retrieve({ query, limit });
      return { content: register(passages), result: summary(passages) };
    }
    case 'read_page': {
      const documentId = stringArg(call, 'document_id');
      const pageNumber = integerArg(call, 'page_number');
      if (!documentId || pageNumber === null) throw new Error('document_id and page_number are required');
      const passages = await tools.readPage({ documentId, pageNumber });
      if (passages.length === 0) throw new Error('no such page in a document you can read');
      return { content: register(passages), result: `${passages.length} passages` };
    }
    case 'read_document': {
      const documentId = stringArg(call, 'document_id');
      if (!documentId) throw new Error('document_id is required');
      const passages = await tools.readPassages({ documentIds: [documentId], limitPerDocument: 12 });
      if (passages.length === 0) throw new Error('no such document among those you can read');
      return { content: register(passages), result: `${passages.length} passages` };
    }
    case 'list_categories': {
      const counts = await tools.categoryCounts();
      return {
        content: counts.map((c) => `${c.category}: ${c.count}`).join('\n') || 'No documents.',
        result: `${counts.length} categories`,
      };
    }
    default:
      throw new Error(`there is no tool named ${call.name}`);
  }
}
