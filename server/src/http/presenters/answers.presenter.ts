import { Type, type Static } from '@sinclair/typebox';
import type { AnswerResult, AskEvent } from '../../domain/answers/answer.types.js';
import type { SseMessage } from '../sse.js';

const CitationSchema = Type.Object({
  cited_text: Type.String({ description: 'the passage as it stands in the extracted text of the document' }),
  document_id: Type.String(),
  page_number: Type.Optional(Type.Integer({ description: 'present when the document has real pages (PDF, slides)' })),
  superseded_by: Type.Union([Type.String(), Type.Null()], {
    description: 'the newer revision or version of the cited document; null when it is the latest',
  }),
});

export const AnswerSchema = Type.Object({
  answer: Type.String({ description: 'the answer, with markers [1], [2] ... for its citations' }),
  thread_id: Type.String({ description: 'pass it back as thread_id to continue the conversation' }),
  citations: Type.Record(Type.String({ pattern: '^[1-9][0-9]*$' }), CitationSchema, {
    description: 'keyed by the number of the marker in the answer',
  }),
  cited_documents: Type.Array(
    Type.Object({
      id: Type.String(),
      filename: Type.String(),
      building_id: Type.String({ description: 'the building the document belongs to (answers across buildings)' }),
    }),
  ),
  follow_up_suggestions: Type.Array(Type.String()),
});

export type AnswerWire = Static<typeof AnswerSchema>;

/** The answer as the spec spells it (snake_case); the SSE `finish` event carries exactly this object. */
export function presentAnswer(result: AnswerResult): AnswerWire {
  const citations: AnswerWire['citations'] = {};
  for (const citation of result.citations) {
    citations[String(citation.number)] = {
      cited_text: citation.citedText,
      document_id: citation.documentId,
      ...(citation.pageNumber !== null ? { page_number: citation.pageNumber } : {}),
      superseded_by: citation.supersededBy,
    };
  }
  return {
    answer: result.answer,
    thread_id: result.threadId,
    citations,
    cited_documents: result.citedDocuments.map((d) => ({ id: d.id, filename: d.filename, building_id: d.buildingId })),
    follow_up_suggestions: result.followUpSuggestions,
  };
}

/** One domain event as an SSE event of the spec: start, action, thinking, text, finish. */
export function presentAskEvent(event: AskEvent): SseMessage {
  switch (event.type) {
    case 'start':
      return { event: 'start', data: { thread_id: event.threadId } };
    case 'action':
      return { event: 'action', data: { state: event.state, value: event.value, result: event.result } };
    case 'thinking':
      return { event: 'thinking', data: { text: event.text } };
    case 'text':
      return { event: 'text', data: { text: event.text } };
    case 'finish':
      // byte for byte the body the same request gets without stream=true
      return { event: 'finish', data: presentAnswer(event.result) };
  }
}
