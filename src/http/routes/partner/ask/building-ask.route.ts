import { Type, type Static, type TProperties } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnswersService, AskInput } from '../../../../domain/answers/answers.service.js';
import { ChatModelError } from '../../../../domain/answers/ports.js';
import { invalidField, isAppError } from '../../../../domain/shared/errors.js';
import type { App } from '../../../app-types.js';
import { sendProblem } from '../../../plugins/errors.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { AnswerSchema, presentAnswer, presentAskEvent } from '../../../presenters/answers.presenter.js';
import { BuildingParams, withProblems } from '../../../schemas/common.js';
import { sendEventStream } from '../../../sse.js';

/** Parameters accepted in the query string or the JSON body (the body wins), as the spec's table names them. */
export const askParameters = {
  query: Type.Optional(Type.String({ minLength: 1, maxLength: 5000, description: 'the question; required' })),
  language: Type.Optional(
    Type.Union([Type.Literal('en'), Type.Literal('no'), Type.Literal('nb'), Type.Literal('nn')], {
      description: "answer language; default: the question's language",
    }),
  ),
  thread_id: Type.Optional(Type.String({ format: 'uuid', description: 'continues a thread' })),
  stream: Type.Optional(
    Type.Boolean({ description: 'true: Server-Sent Events (start, action, thinking, text, finish, error)' }),
  ),
  mode: Type.Optional(Type.Union([Type.Literal('fast'), Type.Literal('balanced'), Type.Literal('deep')])),
  reasoning_effort: Type.Optional(
    Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high')], {
      description: 'deprecated; high = deep, low and medium = balanced; ignored when mode is set',
    }),
  ),
  use_agentic_rag: Type.Optional(Type.Boolean({ description: 'deprecated; false is rejected' })),
} satisfies TProperties;

export const AskQuery = Type.Object(askParameters, { additionalProperties: false });

export function askBody<T extends TProperties>(extra: T) {
  return Type.Union([
    Type.Object(
      {
        ...askParameters,
        attached_document_ids: Type.Optional(
          Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
            maxItems: 50,
            description: 'documents always used as context',
          }),
        ),
        ...extra,
      },
      { additionalProperties: false },
    ),
    Type.Null(),
  ]);
}

const BuildingAskBody = askBody({});

type Parameters = Static<typeof AskQuery> & { attached_document_ids?: string[] };

/** Query string and body merged; the body wins. `query` must come from one of them. */
export function askInputOf(params: {
  request: FastifyRequest;
  query: Static<typeof AskQuery>;
  body: Parameters | null | undefined;
}): { input: Omit<AskInput, 'ownerId' | 'buildingId' | 'buildingIds'>; stream: boolean } {
  const merged: Parameters = { ...params.query, ...(params.body ?? {}) };
  if (merged.query === undefined) throw invalidField('/query', 'is required');
  return {
    stream: merged.stream ?? false,
    input: {
      principal: principalOf(params.request),
      query: merged.query,
      ...(merged.language !== undefined ? { language: merged.language } : {}),
      ...(merged.thread_id !== undefined ? { threadId: merged.thread_id } : {}),
      ...(merged.mode !== undefined ? { mode: merged.mode } : {}),
      ...(merged.reasoning_effort !== undefined ? { reasoningEffort: merged.reasoning_effort } : {}),
      ...(merged.use_agentic_rag !== undefined ? { useAgenticRag: merged.use_agentic_rag } : {}),
      ...(merged.attached_document_ids !== undefined ? { attachedDocumentIds: merged.attached_document_ids } : {}),
    },
  };
}

/** What a client may read about a failure in the middle of a stream. */
function safeMessage(error: unknown): string {
  if (error instanceof ChatModelError || isAppError(error)) return error.message;
  return 'An internal error occurred; it has been logged';
}

/**
 * Answers as JSON, or as an event stream. Every check runs before the first byte, so a refused ask is a plain
 * problem+json response; after that, failures are `error` events.
 */
export async function respondToAsk(params: {
  request: FastifyRequest;
  reply: FastifyReply;
  answers: AnswersService;
  input: AskInput;
  stream: boolean;
}) {
  const { request, reply, answers, input } = params;
  if (params.stream) {
    const prepared = await answers.prepare(input);
    await sendEventStream({
      request,
      reply,
      errorMessage: safeMessage,
      events: async function* (signal) {
        for await (const event of prepared.events(signal)) yield presentAskEvent(event);
      },
    });
    return reply;
  }
  // a client that hangs up stops the work, streaming or not
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  try {
    return presentAnswer(await answers.ask(input, controller.signal));
  } catch (error) {
    // nobody is left to answer: the work was stopped on purpose
    if (controller.signal.aborted) return reply;
    if (error instanceof ChatModelError) {
      request.log.warn({ err: error }, 'language model failed');
      const timeout = error.kind === 'timeout';
      return sendProblem(reply, {
        status: timeout ? 504 : 502,
        code: timeout ? 'ask.model_timeout' : 'ask.model_unavailable',
        detail: error.message,
      });
    }
    throw error;
  }
}

const schema = {
  tags: ['ask'],
  summary: 'Ask a question about the documents of a building',
  description:
    'Answers from the documents the credential can read, with numbered citations of the exact passage and page. ' +
    'Parameters come from the query string or a JSON body (the body wins). With stream=true the response is ' +
    'text/event-stream with the events start, action, thinking, text, finish and error.',
  params: BuildingParams,
  querystring: AskQuery,
  body: BuildingAskBody,
  response: withProblems({ 200: AnswerSchema }, [400, 401, 403, 404, 429, 502, 504]),
};

export function registerBuildingAskRoute(app: App, deps: { answers: AnswersService }): void {
  app.post('/building_owners/:buildingOwnerId/buildings/:buildingId/ask', { schema }, async (request, reply) => {
    const { input, stream } = askInputOf({ request, query: request.query, body: request.body });
    return respondToAsk({
      request,
      reply,
      answers: deps.answers,
      stream,
      input: { ...input, ownerId: request.params.buildingOwnerId, buildingId: request.params.buildingId },
    });
  });
}
