import type { AccessService } from '../access/access.service.js';
import type { AskGrant, AskTarget } from '../access/policies.js';
import type { Principal } from '../access/principal.js';
import { newId } from '../shared/ids.js';
import type {
  AnswerResult,
  AskEvent,
  AskMode,
  ReasoningEffort,
  RequestedLanguage,
  ThreadTurn,
} from './answer.types.js';
import type { AnswerTools, Answerer } from './answerer.js';
import { agenticRagCannotBeOff, attachedDocumentNotFound, blankQuestion, threadNotFound } from './answers.errors.js';
import { CitationBook, citedDocumentsOf } from './citations.js';
import { answerLanguageOf, PHRASES } from './language.js';
import type { ChunkRetriever } from '../search/chunk-retriever.js';
import { preferLatestRevisions, supersededNote } from './revisions.js';
import type { AskRepository, Passage, PassageReader, PassageScope, StoredTurn } from './ports.js';

export interface AskInput {
  principal: Principal;
  ownerId: string;
  /** set for a building ask */
  buildingId?: string;
  /** owner-wide ask: these buildings (omitted: every building the credential reads) */
  buildingIds?: string[];
  query: string;
  language?: RequestedLanguage;
  threadId?: string;
  mode?: AskMode;
  reasoningEffort?: ReasoningEffort;
  attachedDocumentIds?: string[];
  useAgenticRag?: boolean;
}

/** An ask that passed every check: its events can be streamed, or drained into the answer. */
export interface PreparedAsk {
  threadId: string;
  events(signal: AbortSignal): AsyncGenerator<AskEvent>;
}

/** earlier turns that inform the next one; more would only dilute retrieval */
const THREAD_TURNS = 6;

/**
 * The documents whose words a turn's answer may hold: those it cites, and those it was written from without citing
 * them (a model's uncited sentences are kept). A turn stored before the second were recorded has only the first.
 */
function sourcesOf(turn: { citedDocumentIds: readonly string[]; readDocumentIds: readonly string[] }): string[] {
  return [...turn.citedDocumentIds, ...turn.readDocumentIds];
}

/**
 * Questions answered from the documents a credential can read. Every check (parameters, authorisation, attached
 * documents, the thread) happens in `prepare`, before anything is streamed, so a refused ask is a plain HTTP error.
 */
export function createAnswersService(deps: {
  access: AccessService;
  repository: AskRepository;
  retriever: Pick<ChunkRetriever, 'retrieveChunks'>;
  reader: PassageReader;
  answerer: Answerer;
  clock: { now(): Date };
}) {
  const { access, repository } = deps;

  function askTargetOf(input: AskInput): AskTarget {
    if (input.buildingId !== undefined) return { kind: 'building', buildingId: input.buildingId };
    if (input.buildingIds !== undefined) return { kind: 'buildings', buildingIds: input.buildingIds };
    return { kind: 'owner' };
  }

  /** the documents among `documentIds` that the scope reads now (live, not in a private folder, in its buildings) */
  async function readableAmong(scope: PassageScope, documentIds: readonly string[]): Promise<Set<string>> {
    const ids = [...new Set(documentIds)];
    if (ids.length === 0) return new Set();
    return new Set((await repository.readableDocuments({ ...scope, documentIds: ids })).map((d) => d.id));
  }

  async function threadOf(params: {
    input: AskInput;
    grant: AskGrant;
  }): Promise<{ id: string; turns: ThreadTurn[]; isNew: boolean }> {
    const { input, grant } = params;
    const threadId = input.threadId;
    if (threadId === undefined) return { id: newId.uuid(), turns: [], isNew: true };
    const thread = await access.authorizeThread({
      ask: grant,
      load: () => repository.findThread({ threadId, maxTurns: THREAD_TURNS }),
    });
    return { id: thread.id, turns: thread.turns, isNew: false };
  }

  async function prepare(input: AskInput): Promise<PreparedAsk> {
    if (input.useAgenticRag === false) {
      throw agenticRagCannotBeOff();
    }
    const question = input.query.trim();
    if (question === '') throw blankQuestion();
    // reasoning_effort is the deprecated spelling of mode: high is deep, low and medium are balanced
    const mode: AskMode = input.mode ?? (input.reasoningEffort === 'high' ? 'deep' : 'balanced');
    const language = answerLanguageOf({ requested: input.language, question });

    const scope = await access.authorizeAsk({
      principal: input.principal,
      ownerId: input.ownerId,
      target: askTargetOf(input),
      liveBuildingIds: () => repository.liveBuildingIds(input.ownerId),
    });
    const passageScope: PassageScope = { ownerId: scope.ownerId, buildingIds: scope.buildingIds };
    const attachedDocumentIds = [...new Set(input.attachedDocumentIds ?? [])];
    if (attachedDocumentIds.length > 0) {
      const readable = await readableAmong(passageScope, attachedDocumentIds);
      const missing = attachedDocumentIds.find((id) => !readable.has(id));
      if (missing !== undefined)
        throw attachedDocumentNotFound(missing, (input.attachedDocumentIds ?? []).indexOf(missing));
    }
    const thread = await threadOf({ input, grant: scope });
    // an earlier answer written from a document this ask may no longer read (archived, put in a private folder, out
    // of the key's reach), cited or not, is not given to the answerer: its text may hold that document's words. The
    // whole turn goes: a question without its answer would be answered again, and a model provider refuses an empty
    // answer
    const readableSources = await readableAmong(passageScope, thread.turns.flatMap(sourcesOf));
    const history = thread.turns.filter((turn) => sourcesOf(turn).every((id) => readableSources.has(id)));

    // the documents this answer is written from, kept with it: every passage the tools hand the answerer (more than a
    // model is shown of a first search the answerer reorders and cuts, never less), and the documents of the earlier
    // answers a model continues from, whose words it may repeat. Distinct ids of documents in scope: a few dozen a
    // turn, and in a model's thread what the earlier turns it was given read
    const read = new Set<string>(deps.answerer.repeatsEarlierAnswers ? history.flatMap(sourcesOf) : []);
    const handed = (passages: Passage[]): Passage[] => {
      for (const passage of passages) read.add(passage.documentId);
      return passages;
    };
    const tools: AnswerTools = {
      // the question's words are analysed in the language it is answered in first (see query-analysis.ts)
      retrieve: async ({ query, limit }) => {
        const passages = await deps.retriever.retrieveChunks({ ...passageScope, query, limit, language });
        const newerOf = await repository.newerRevisions({
          ...passageScope,
          documentIds: [...new Set(passages.map((p) => p.documentId))],
        });
        return handed(preferLatestRevisions({ passages, newerOf }));
      },
      readPassages: async ({ documentIds, limitPerDocument }) =>
        handed(await deps.reader.readPassages({ ...passageScope, documentIds, limitPerDocument })),
      readPage: async ({ documentId, pageNumber }) =>
        handed(await deps.reader.readPage({ ...passageScope, documentId, pageNumber })),
      categoryCounts: () => deps.reader.categoryCounts(passageScope),
    };

    async function* events(signal: AbortSignal): AsyncGenerator<AskEvent> {
      yield { type: 'start', threadId: thread.id };
      // stored after `start` is out, so the client hears back without waiting for a write
      if (thread.isNew) {
        await repository.createThread({
          id: thread.id,
          ownerId: input.ownerId,
          holder: scope.threadHolder,
          buildingId: scope.buildingId,
          at: deps.clock.now(),
        });
      }
      const citations = new CitationBook({ repository, scope: passageScope });
      const run = deps.answerer.answer({
        question,
        language,
        mode,
        history,
        attachedDocumentIds,
        tools,
        citations,
        signal,
      });
      let outcome;
      try {
        for (;;) {
          signal.throwIfAborted();
          const next = await run.next();
          if (next.done) {
            outcome = next.value;
            break;
          }
          yield next.value;
        }
      } finally {
        // the client went away or the consumer stopped: the answerer's own clean-up (open model calls) runs now
        await run.return(undefined as never).catch(() => undefined);
      }
      signal.throwIfAborted();
      const used = citations.citations().filter((c) => outcome.answer.includes(`[${c.number}]`));
      // an answer from a superseded revision says so, in the answer's language
      const note = supersededNote({ citations: used, language });
      if (note !== null) yield { type: 'text', text: `\n\n${note}` };
      const result: AnswerResult = {
        threadId: thread.id,
        answer: note === null ? outcome.answer : `${outcome.answer}\n\n${note}`,
        citations: used,
        citedDocuments: citedDocumentsOf(used),
        followUpSuggestions: outcome.followUpSuggestions,
        language,
      };
      await repository.appendTurn({
        threadId: thread.id,
        query: question,
        language,
        answer: result.answer,
        // what the thread shows when resumed: the passage, and where the document lives
        citations: used.map((c) => ({
          number: c.number,
          documentId: c.documentId,
          pageNumber: c.pageNumber,
          charStart: c.charStart,
          charEnd: c.charEnd,
          citedText: c.citedText,
          buildingId: c.buildingId,
          filename: c.filename,
          supersededBy: c.supersededBy,
        })),
        citedDocumentIds: result.citedDocuments.map((d) => d.id),
        readDocumentIds: [...read],
        at: deps.clock.now(),
      });
      yield { type: 'finish', result };
    }

    return { threadId: thread.id, events };
  }

  /** The answer without streaming: the same events, drained; the result is the stream's finish. */
  async function ask(input: AskInput, signal: AbortSignal): Promise<AnswerResult> {
    const prepared = await prepare(input);
    for await (const event of prepared.events(signal)) {
      if (event.type === 'finish') return event.result;
    }
    throw new Error('the answer ended without a result');
  }

  /** the caller's threads with one building's documents, or (no building) across the owner's buildings */
  async function listThreads(params: { principal: Principal; ownerId: string; buildingId?: string | undefined }) {
    const grant = await access.authorizeAsk({
      principal: params.principal,
      ownerId: params.ownerId,
      target: params.buildingId !== undefined ? { kind: 'building', buildingId: params.buildingId } : { kind: 'owner' },
      liveBuildingIds: () => repository.liveBuildingIds(params.ownerId),
    });
    return repository.listThreads({
      ownerId: grant.ownerId,
      holder: grant.threadHolder,
      buildingId: params.buildingId ?? null,
      limit: 100,
    });
  }

  /** one of the caller's threads with every turn, to read and continue; someone else's thread is not there */
  async function readThread(params: { principal: Principal; ownerId: string; threadId: string }) {
    const liveBuildingIds = () => repository.liveBuildingIds(params.ownerId);
    // the owner first, then whose thread it is, then its building: a thread id tells nothing (403 for a real one, 404
    // for none) to anyone who does not reach the owner, nor to another holder who does not reach its building
    const ownerGrant = await access.authorizeAsk({
      principal: params.principal,
      ownerId: params.ownerId,
      target: { kind: 'owner' },
      liveBuildingIds,
    });
    const found = await repository.findThread({ threadId: params.threadId, maxTurns: 0 });
    if (!found || found.ownerId !== ownerGrant.ownerId) throw threadNotFound();
    const thread = await access.authorizeThread({
      ask: { ...ownerGrant, buildingId: found.buildingId },
      load: async () => found,
    });
    const grant =
      found.buildingId === null
        ? ownerGrant
        : await access.authorizeAsk({
            principal: params.principal,
            ownerId: params.ownerId,
            target: { kind: 'building', buildingId: found.buildingId },
            liveBuildingIds,
          });
    const turns = await repository.threadTurns(thread.id);
    // a turn shows its answer only while the caller may still read every document it was written from, cited or
    // not: once one is archived, put in a private folder or out of the key's reach, the answer's text (its words may
    // be that document's), passages, names and ids give way to a fixed notice, as an answer not found in the
    // documents stands without citations
    const sources = (turn: StoredTurn) =>
      sourcesOf({ citedDocumentIds: turn.citations.map((c) => c.documentId), readDocumentIds: turn.readDocumentIds });
    const ids = [...new Set(turns.flatMap(sources))];
    const readable = new Map(
      (ids.length === 0
        ? []
        : await repository.readableDocuments({
            ownerId: grant.ownerId,
            buildingIds: grant.buildingIds,
            documentIds: ids,
          })
      ).map((d) => [d.id, d]),
    );
    return {
      id: thread.id,
      buildingId: thread.buildingId,
      turns: turns.map((turn) =>
        sources(turn).every((id) => readable.has(id))
          ? {
              ...turn,
              // the newer revision as it is now, not as it was when the answer was given: the one stored may since
              // have been archived or put in a private folder (a live document's supersededBy never names those)
              citations: turn.citations.map((c) => ({
                ...c,
                supersededBy: readable.get(c.documentId)?.supersededBy ?? null,
              })),
            }
          : { ...turn, answer: PHRASES[turn.language].withheld, citations: [] },
      ),
    };
  }

  return { prepare, ask, listThreads, readThread };
}

export type AnswersService = ReturnType<typeof createAnswersService>;
