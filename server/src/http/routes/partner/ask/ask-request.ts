import type { Static } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BusyLimit } from '../../../../domain/access/busy-limit.js';
import { questionRequired } from '../../../../domain/answers/answers.errors.js';
import type { AnswersService, AskInput } from '../../../../domain/answers/answers.service.js';
import { isAppError } from '../../../../domain/shared/errors.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { presentAnswer, presentAskEvent } from '../../../presenters/answers.presenter.js';
import type { AskParameters, AskQuery } from '../../../schemas/ask.js';
import { sendEventStream } from '../../../sse.js';

/** What both ask routes do with a request: read its parameters, and answer as JSON or as an event stream. */

/** Query string and body merged; the body wins. `query` must come from one of them. */
export function askInputOf(params: {
  request: FastifyRequest;
  query: Static<typeof AskQuery>;
  body: AskParameters | null | undefined;
}): { input: Omit<AskInput, 'ownerId' | 'buildingId' | 'buildingIds'>; stream: boolean } {
  const merged: AskParameters = { ...params.query, ...(params.body ?? {}) };
  if (merged.query === undefined) throw questionRequired();
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

/** What a client may read about a failure in the middle of a stream (model failures are AppErrors too). */
function safeMessage(error: unknown): string {
  if (isAppError(error)) return error.message;
  return 'An internal error occurred; it has been logged';
}

/**
 * Answers as JSON, or as an event stream. Every check runs before the first byte, so a refused ask is a plain
 * problem+json response; after that, failures are `error` events. An ask that passed them holds one of its
 * credential's slots (BYGGDOK_ASK_CONCURRENCY) until its answer ends, fails or is abandoned; with none free it is
 * refused (429 `ask.busy`) before anything is asked of the answerer.
 */
export async function respondToAsk(params: {
  request: FastifyRequest;
  reply: FastifyReply;
  answers: AnswersService;
  askLimit: BusyLimit;
  input: AskInput;
  stream: boolean;
}) {
  const { request, reply, answers, input } = params;
  const prepared = await answers.prepare(input);
  const slot = await params.askLimit.take(input.principal);
  try {
    if (params.stream) {
      // resolves once the stream has ended: answered, failed, or the client gone and the work stopped
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
      for await (const event of prepared.events(controller.signal)) {
        if (event.type === 'finish') return presentAnswer(event.result);
      }
      throw new Error('the answer ended without a result');
    } catch (error) {
      // nobody is left to answer: the work was stopped on purpose
      if (controller.signal.aborted) return reply;
      // the error plugin renders it, model failures (502, 504) included
      throw error;
    }
  } finally {
    await slot.release();
  }
}
