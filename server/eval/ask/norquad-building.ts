/**
 * The building the ask eval and the tuning run ask in: every passage of a SQuAD-format set (NorQuAD by default) as a
 * document, padded with generated documents to a realistic size, and the questions split in two. Questions on
 * even-numbered passages (counting from 0, in file order) are the tuning half, the only ones `tune.ts` fits the built-in
 * answerer's numbers on; questions on odd-numbered passages are the held-out half, reported beside it and never tuned on.
 * (eval:search splits the same way.)
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import pg from 'pg';
import { createDependencies, type Dependencies } from '../../src/app/dependencies.js';
import type { Principal } from '../../src/domain/access/principal.js';
import { MODE_BUDGETS } from '../../src/domain/answers/answerer.js';
import { retrieveReranked } from '../../src/domain/answers/passage-reranker.js';
import type { Passage } from '../../src/domain/answers/ports.js';
import { analyseQuestion, type AnalysedQuestion } from '../../src/domain/answers/question.js';
import { chunkWithLanguages } from '../../src/domain/pipeline/chunking.js';
import { newId } from '../../src/domain/shared/ids.js';
import { openDatabase, type Database } from '../../src/storage/db/database.js';

export const DEFAULT_SET = path.join(import.meta.dirname, '../../../../shared/eval/norquad-validation.json');

/**
 * English: the fit's questions are SQuAD 2.0 train questions, the held-out ones SQuAD 2.0 dev questions (see
 * squad/README.md). Each file is one whole split, not halved.
 */
export const ENGLISH_SETS: EvalSet[] = [
  { file: path.join(import.meta.dirname, 'squad/train-v2.0-first10.json'), split: 'tuning' },
  { file: path.join(import.meta.dirname, 'squad/dev-v2.0-half.json'), split: 'holdout' },
];

/** A SQuAD-format file, its passages split by position (even: tuning, odd: held out), or all given to one split. */
export interface EvalSet {
  file: string;
  split?: Split;
}

export type Split = 'tuning' | 'holdout';

export interface EvalQuestion {
  question: string;
  /** null: SQuAD 2.0's unanswerable question, written to look answerable from its passage */
  gold: string | null;
  documentId: string;
  /** the folder the question's passage lies in: making it private hides the answer from the building */
  folder: string;
  split: Split;
  /** which of the sets it came from (their order as given) */
  set: number;
}

export interface EvalBuilding {
  database: Database;
  deps: Dependencies;
  principal: Principal;
  key: string;
  ownerId: string;
  buildingId: string;
  questions: EvalQuestion[];
  close(): Promise<void>;
}

interface SquadSet {
  data: {
    paragraphs: {
      context: string;
      qas: { question: string; answers: { text: string }[]; is_impossible?: boolean }[];
    }[];
  }[];
}

/** Loads the set into a fresh database (embedded unless `databaseUrl` names a PostgreSQL server to create one on). */
export async function openEvalBuilding(params: {
  sets: readonly EvalSet[];
  totalDocuments: number;
  databaseUrl: string | undefined;
}): Promise<EvalBuilding> {
  const sets = params.sets.map((set) => ({
    ...set,
    data: (JSON.parse(readFileSync(set.file, 'utf8')) as SquadSet).data,
  }));
  const database = await openEvalDatabase(params.databaseUrl);
  let deps: Dependencies | undefined;
  try {
    deps = await createDependencies({
      database,
      settings: {
        http: { publicUrl: 'http://eval.local' },
        storage: { kind: 'memory' },
        uploads: { maxBytes: 1024 * 1024 },
        worker: { concurrency: 2, jobExpireSeconds: 900, retryLimit: 4, libreOfficePath: null },
        llm: { provider: 'builtin' },
      },
    });
    const { services } = deps;
    const partner = await services.admin.createPartner({ name: 'Eval' });
    const { key } = await services.admin.createKey({ partnerId: partner.id });
    const principal: Principal = await services.access.authenticateApiKey(key);
    const owner = await services.owners.create({ principal, name: 'Eval owner' });
    const buildingId = await services.buildings.create({ principal, ownerId: owner.id, name: 'Eval building' });

    // one document per distinct passage, numbered in the order the file first gives them
    const documentOf = new Map<string, { id: string; index: number }>();
    const questions: EvalQuestion[] = [];
    for (const [setIndex, set] of sets.entries()) {
      for (const item of set.data) {
        for (const paragraph of item.paragraphs) {
          let document = documentOf.get(paragraph.context);
          if (!document) {
            document = { id: newId.uuid(), index: documentOf.size };
            documentOf.set(paragraph.context, document);
          }
          const split: Split = set.split ?? (document.index % 2 === 0 ? 'tuning' : 'holdout');
          const folder = passageFolder(document.index);
          for (const qa of paragraph.qas) {
            const gold = qa.is_impossible ? null : qa.answers[0]?.text;
            if (gold !== undefined)
              questions.push({ question: qa.question, gold, documentId: document.id, folder, split, set: setIndex });
          }
        }
      }
    }
    const passages = [...documentOf].map(([text, { id }], i) => ({
      id,
      filename: `passage-${i + 1}.txt`,
      path: `${passageFolder(i)}/passage-${i + 1}.txt`,
      text,
    }));
    const loadStarted = performance.now();
    await insertDocuments({ database, ownerId: owner.id, buildingId, documents: passages });
    const makeFiller = fillerMaker(passages.map((p) => p.text));
    const rng = random(42);
    const padding = Math.max(0, params.totalDocuments - passages.length);
    for (let i = 0; i < padding; i += 1000) {
      const batch = Array.from({ length: Math.min(1000, padding - i) }, (_, j) => ({
        id: newId.uuid(),
        filename: `filler-${i + j + 1}.txt`,
        text: makeFiller(rng),
      }));
      await insertDocuments({ database, ownerId: owner.id, buildingId, documents: batch });
    }
    // steady state: autovacuum has merged GIN pending lists and gathered statistics in a live system
    await database.executeSql('vacuum analyze');
    console.log(
      `${passages.length} passages + ${padding} filler documents loaded in ` +
        `${((performance.now() - loadStarted) / 1000).toFixed(1)} s (${database.engine})`,
    );
    const opened = deps;
    return {
      database,
      deps: opened,
      principal,
      key,
      ownerId: owner.id,
      buildingId,
      questions,
      close: () => opened.close(),
    };
  } catch (error) {
    if (deps) await deps.close();
    else await database.close();
    throw error;
  }
}

function passageFolder(index: number): string {
  return `passages/${index + 1}`;
}

/** The same answer text however it is spaced, cased or punctuated at its ends. */
export function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^[\s.,;:!?«»"]+|[\s.,;:!?«»"]+$/g, '');
}

async function openEvalDatabase(databaseUrl: string | undefined): Promise<Database> {
  if (!databaseUrl) return openDatabase({ kind: 'pglite', dataDir: null });
  const name = `byggdok_eval_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: databaseUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** Deterministic pseudo-random numbers (mulberry32), so every run pads the building the same way. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Filler documents: sentences of the passages' 400 most common words (so they compete for "og", "i", "år" ...) mixed
 * with words of a made-up Zipf-distributed vocabulary, as other documents would bring their own rare words. Drawing
 * the filler from all of the passages' words instead would scatter every rare name of the set over thousands of
 * documents, which real buildings do not do.
 */
function fillerMaker(passages: readonly string[]): (rng: () => number) => string {
  const counts = new Map<string, number>();
  for (const word of passages.flatMap((p) => p.match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => w.toLowerCase())) {
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const common = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 400);
  const commonBag = common.flatMap(([word, count]) => Array.from({ length: Math.ceil(count / 4) }, () => word));
  const syllables = [
    'ka',
    've',
    'lo',
    'ri',
    'sten',
    'mar',
    'dal',
    'ber',
    'en',
    'tor',
    'vik',
    'an',
    'ne',
    'sk',
    'il',
    'ø',
    'å',
  ];
  const made = random(7);
  const invented = Array.from({ length: 40_000 }, () =>
    Array.from({ length: 2 + Math.floor(made() * 3) }, () => syllables[Math.floor(made() * syllables.length)]).join(''),
  );
  return (rng) => {
    const word = (): string =>
      rng() < 0.7
        ? (commonBag[Math.floor(rng() * commonBag.length)] ?? 'og')
        : (invented[Math.floor(invented.length * Math.pow(rng(), 2.5))] ?? 'kave');
    const sentences: string[] = [];
    let length = 0;
    const target = 1500 + Math.floor(rng() * 1200);
    while (length < target) {
      const count = 6 + Math.floor(rng() * 16);
      const sentence = Array.from({ length: count }, word).join(' ');
      const text = `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
      sentences.push(text);
      length += text.length + 1;
    }
    return sentences.join(rng() < 0.3 ? '\n' : ' ');
  };
}

async function insertDocuments(params: {
  database: Database;
  ownerId: string;
  buildingId: string;
  documents: { id: string; filename: string; path?: string; text: string }[];
}): Promise<void> {
  const { db } = params.database;
  const now = new Date();
  for (let i = 0; i < params.documents.length; i += 200) {
    // stored as the pipeline stores them: each page and chunk in its language (chunkWithLanguages)
    const batch = params.documents
      .slice(i, i + 200)
      .map((d) => ({ ...d, ...chunkWithLanguages([{ pageNumber: 1, text: d.text }]) }));
    await db
      .insertInto('documents')
      .values(
        batch.map((d) => ({
          id: d.id,
          building_id: params.buildingId,
          building_owner_id: params.ownerId,
          parent_document_id: null,
          filename: d.filename,
          original_path: d.path ?? d.filename,
          extension: 'txt',
          file_kind: 'text',
          blob_key: `eval/${d.id}`,
          upload_state: 'uploaded' as const,
          extracted_text: true,
          valid_file: true,
          page_count: 1,
          processed_at: now,
          language: d.language,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await db
      .insertInto('document_pages')
      .values(
        batch.map((d) => ({ document_id: d.id, page_number: 1, text: d.text, language: d.pages[0]?.language ?? null })),
      )
      .execute();
    const chunks = batch.flatMap((d) =>
      d.chunks.map((chunk) => ({
        document_id: d.id,
        building_id: params.buildingId,
        building_owner_id: params.ownerId,
        chunk_index: chunk.index,
        page_number: chunk.pageNumber,
        char_start: chunk.charStart,
        char_end: chunk.charEnd,
        text: chunk.text,
        language: chunk.language,
      })),
    );
    await db.insertInto('document_chunks').values(chunks).execute();
  }
}

/** The English eval building: the train passages, and with `holdout` the dev passages too, padded to 3,000. */
export function openEnglishBuilding(holdout: boolean): Promise<EvalBuilding> {
  return openEvalBuilding({
    sets: holdout ? ENGLISH_SETS : ENGLISH_SETS.filter((s) => s.split === 'tuning'),
    totalDocuments: 3000,
    databaseUrl: undefined,
  });
}

/** An English question as the built-in answerer reads it in the eval building: analysed, and its reranked passages. */
export async function readEnglishQuestion(
  building: EvalBuilding,
  text: string,
): Promise<{ question: AnalysedQuestion; passages: Passage[] }> {
  const question = analyseQuestion({ question: text, history: [], language: 'en' });
  const scope = { ownerId: building.ownerId, buildingIds: [building.buildingId] };
  const passages = await retrieveReranked({
    question,
    limit: MODE_BUDGETS.balanced.passages,
    tools: {
      retrieve: ({ query, limit }) =>
        building.deps.services.search.retrieveChunks({ ...scope, query, limit, language: 'en' }),
    },
  });
  return { question, passages };
}
