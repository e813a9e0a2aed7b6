import { Type } from '@sinclair/typebox';
import type { AnswersService } from '../../../../domain/answers/answers.service.js';
import type { StoredTurn } from '../../../../domain/answers/ports.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { AnswerSchema, type AnswerWire } from '../../../presenters/answers.presenter.js';
import { Id, OwnerParams, Timestamp, withProblems } from '../../../schemas/common.js';

const ThreadSummarySchema = Type.Object({
  thread_id: Type.String(),
  building_id: Type.Union([Type.String(), Type.Null()], { description: 'null: a thread across buildings' }),
  first_question: Type.String(),
  turns: Type.Integer(),
  created_at: Timestamp,
  updated_at: Timestamp,
});

const TurnSchema = Type.Object({
  query: Type.String(),
  created_at: Timestamp,
  answer: Type.Omit(AnswerSchema, ['follow_up_suggestions']),
});

const listSchema = {
  tags: ['ask'],
  summary: "The caller's ask threads: with one building's documents (building_id) or across the owner's buildings",
  description:
    'A thread belongs to whoever asked (a key and its session tokens, or a person); others never see it. ' +
    'Most recently continued first, at most 100.',
  params: OwnerParams,
  querystring: Type.Object(
    { building_id: Type.Optional(Id('the building; omitted: threads across buildings')) },
    { additionalProperties: false },
  ),
  response: withProblems({ 200: Type.Object({ threads: Type.Array(ThreadSummarySchema) }) }),
};

const readSchema = {
  tags: ['ask'],
  summary: "One of the caller's threads with every question and answer, to read and continue (pass thread_id)",
  params: Type.Object({ buildingOwnerId: Id('building owner id'), threadId: Type.String({ format: 'uuid' }) }),
  response: withProblems({
    200: Type.Object({
      thread_id: Type.String(),
      building_id: Type.Union([Type.String(), Type.Null()]),
      turns: Type.Array(TurnSchema),
    }),
  }),
};

/** a stored turn as an answer: its citations with the passage and where each cited document lives */
function presentTurn(threadId: string, turn: StoredTurn) {
  const citations: AnswerWire['citations'] = {};
  const documents = new Map<string, AnswerWire['cited_documents'][number]>();
  for (const c of turn.citations) {
    citations[String(c.number)] = {
      cited_text: c.citedText ?? '',
      document_id: c.documentId,
      ...(c.pageNumber !== null ? { page_number: c.pageNumber } : {}),
      superseded_by: c.supersededBy ?? null,
    };
    if (!documents.has(c.documentId) && c.buildingId !== undefined)
      documents.set(c.documentId, { id: c.documentId, filename: c.filename ?? '', building_id: c.buildingId });
  }
  return {
    query: turn.query,
    created_at: turn.createdAt.toISOString(),
    answer: { answer: turn.answer, thread_id: threadId, citations, cited_documents: [...documents.values()] },
  };
}

export function registerThreadRoutes(app: App, deps: { answers: AnswersService }): void {
  app.get('/building_owners/:buildingOwnerId/ask/threads', { schema: listSchema }, async (request) => {
    const threads = await deps.answers.listThreads({
      principal: principalOf(request),
      ownerId: request.params.buildingOwnerId,
      buildingId: request.query.building_id,
    });
    return {
      threads: threads.map((thread) => ({
        thread_id: thread.id,
        building_id: thread.buildingId,
        first_question: thread.firstQuestion,
        turns: thread.turns,
        created_at: thread.createdAt.toISOString(),
        updated_at: thread.updatedAt.toISOString(),
      })),
    };
  });

  app.get('/building_owners/:buildingOwnerId/ask/threads/:threadId', { schema: readSchema }, async (request) => {
    const thread = await deps.answers.readThread({
      principal: principalOf(request),
      ownerId: request.params.buildingOwnerId,
      threadId: request.params.threadId,
    });
    return {
      thread_id: thread.id,
      building_id: thread.buildingId,
      turns: thread.turns.map((turn) => presentTurn(thread.id, turn)),
    };
  });
}
