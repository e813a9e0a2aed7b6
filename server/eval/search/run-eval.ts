/**
 * Search relevance on NorQuAD (Norwegian questions over news and Wikipedia passages): every passage is loaded as a
 * document in one building, each question is searched as written (fuzziness=auto), and the rank of the passage that
 * holds the answer gives recall@1, recall@5 and MRR. The same is measured for passage retrieval (the chunk retriever
 * question answering uses), with each of its rankings: is the first passage from the right document, and does it
 * hold the answer? A last line does the same for what the built-in answerer reads first: the index's larger pool
 * for its question's words, reordered by their text (passage-reranker.ts).
 *
 * The set is split by position: even-numbered passages were used for tuning, odd-numbered ones never were.
 *
 * `--lang en` does the same with English questions: the first 1,000 answerable questions of the SQuAD 2.0 dev half in
 * eval/ask/squad (never tuned on), over all of its passages.
 *
 * `--without-languages` stores every text without its language, so it is indexed as before languages were told apart.
 *
 *   npx tsx eval/search/run-eval.ts [--engine pglite|postgres] [--lang en] [--limit n] [--without-languages]
 *                                   [--verbose]
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { MODE_BUDGETS } from '../../src/domain/answers/answerer.js';
import { retrieveReranked } from '../../src/domain/answers/passage-reranker.js';
import { analyseQuestion } from '../../src/domain/answers/question.js';
import { chunkWithLanguages, deriveTitle } from '../../src/domain/pipeline/chunking.js';
import { DEFAULT_CHUNK_RANKING, type ChunkRanking } from '../../src/domain/search/chunk-retriever.js';
import { parseQuery } from '../../src/domain/search/query-parser.js';
import { openDatabase, type Database } from '../../src/storage/db/database.js';
import { migrateToLatest } from '../../src/storage/db/migrations/index.js';
import { createPostgresSearchProvider } from '../../src/storage/search/postgres-search.provider.js';

const NORWEGIAN = path.resolve(import.meta.dirname, '../../../../shared/eval/norquad-validation.json');
/** English: SQuAD 2.0 dev questions that have an answer (eval/ask/squad; never tuned on) */
const ENGLISH = path.resolve(import.meta.dirname, '../ask/squad/dev-v2.0-half.json');
const TARGET_RECALL_AT_5 = 0.85;
const TARGET_PASSAGE_FIRST = 0.85;

interface Item {
  passage: number;
  question: string;
  answer: string;
}

const args = process.argv.slice(2);
const engine = args.includes('--engine') ? args[args.indexOf('--engine') + 1] : 'pglite';
const verbose = args.includes('--verbose');
const english = args.includes('--lang') && args[args.indexOf('--lang') + 1] === 'en';
/** store no language, so every text is indexed Norwegian as before migration 0018: the baseline to compare with */
const withoutLanguages = args.includes('--without-languages');
/** the first questions only (English: 1,000 of the dev set's 2,910 answerable ones unless given) */
const limit = args.includes('--limit') ? Number(args[args.indexOf('--limit') + 1]) : english ? 1000 : Infinity;
/** passages are retrieved with each ranking of the one chunk retriever; the default is what answers use */
const RANKINGS: readonly ChunkRanking[] = [
  DEFAULT_CHUNK_RANKING,
  ...(['word-weight', 'search-rank'] as const).filter((r) => r !== DEFAULT_CHUNK_RANKING),
];

async function open(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (engine !== 'postgres')
    return { database: await openDatabase({ kind: 'pglite', dataDir: null }), drop: async () => {} };
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = await openDatabase({ kind: 'postgres', url });
  const name = `byggdok_eval_${process.pid}`;
  await admin.executeSql(`drop database if exists ${name}`);
  await admin.executeSql(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: target.toString() });
  return {
    database,
    drop: async () => {
      await database.close();
      await admin.executeSql(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}

async function main(): Promise<void> {
  const raw = JSON.parse(await fs.readFile(english ? ENGLISH : NORWEGIAN, 'utf8')) as {
    data: {
      paragraphs: {
        context: string;
        qas: { question: string; answers: { text: string }[]; is_impossible?: boolean }[];
      }[];
    }[];
  };
  const passages: string[] = [];
  const items: Item[] = [];
  for (const article of raw.data) {
    for (const paragraph of article.paragraphs) {
      const index = passages.push(paragraph.context) - 1;
      for (const qa of paragraph.qas) {
        // SQuAD 2.0's unanswerable questions have no passage to find
        if (qa.is_impossible || items.length >= limit) continue;
        items.push({ passage: index, question: qa.question, answer: qa.answers[0]?.text ?? '' });
      }
    }
  }

  const { database, drop } = await open();
  const started = performance.now();
  await migrateToLatest(database.db);
  const q = (text: string, values?: unknown[]) => database.executeSql(text, values);
  await q(`insert into building_owners (id, name) values ('own_eval', 'NorQuAD')`);
  await q(`insert into buildings (id, building_owner_id, name) values ('bld_eval', 'own_eval', 'NorQuAD')`);
  const ids = passages.map((_, i) => `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`);
  for (const [i, text] of passages.entries()) {
    const pages = [{ pageNumber: 1, text }];
    const title = deriveTitle({ pages, filename: `passage-${i + 1}.txt` }) ?? null;
    // stored as the pipeline stores them: each page and chunk in its language
    const detected = chunkWithLanguages(pages);
    const stored = withoutLanguages
      ? {
          language: null,
          pages: detected.pages.map((p) => ({ ...p, language: null })),
          chunks: detected.chunks.map((c) => ({ ...c, language: null })),
        }
      : detected;
    await q(
      `insert into documents (id, building_id, building_owner_id, filename, original_path, title, blob_key, upload_state, extension, language)
       values ($1, 'bld_eval', 'own_eval', $2, $2, $3, $4, 'uploaded', 'txt', $5)`,
      [ids[i], `passage-${i + 1}.txt`, title, `k${i}`, stored.language],
    );
    await q(`insert into document_pages (document_id, page_number, text, language) values ($1, 1, $2, $3)`, [
      ids[i],
      text,
      stored.pages[0]?.language ?? null,
    ]);
    for (const chunk of stored.chunks) {
      await q(
        `insert into document_chunks (document_id, building_id, building_owner_id, chunk_index, page_number, char_start, char_end, text, language)
         values ($1, 'bld_eval', 'own_eval', $2, 1, $3, $4, $5, $6)`,
        [ids[i], chunk.index, chunk.charStart, chunk.charEnd, chunk.text, chunk.language],
      );
    }
  }
  const loaded = performance.now();
  const provider = createPostgresSearchProvider({ db: database.db });

  const results: {
    split: 'tuning' | 'holdout';
    rank: number;
    passages: Record<ChunkRanking | 'answerer', { passageFirst: boolean; answerFirst: boolean }>;
  }[] = [];
  for (const item of items) {
    const search = await provider.searchDocuments({
      scope: { ownerId: 'own_eval', buildingIds: ['bld_eval'] },
      query: parseQuery({ query: item.question, fuzziness: 'auto' }),
      filters: {},
      sortBy: 'relevance',
      sortOrder: 'desc',
      offset: 0,
      limit: 10,
      aggregations: false,
    });
    const rank = search.hits.findIndex((hit) => hit.document.id === ids[item.passage]) + 1;
    const byRanking = {} as Record<ChunkRanking | 'answerer', { passageFirst: boolean; answerFirst: boolean }>;
    const judge = (first: { documentId: string; text: string } | undefined) => {
      const passageFirst = first?.documentId === ids[item.passage];
      return { passageFirst, answerFirst: passageFirst && first !== undefined && first.text.includes(item.answer) };
    };
    for (const ranking of RANKINGS) {
      const chunks = await provider.retrieveChunks({
        ownerId: 'own_eval',
        buildingIds: ['bld_eval'],
        query: item.question,
        limit: 5,
        ranking,
        ...(english ? { language: 'en' as const } : {}),
      });
      byRanking[ranking] = judge(chunks[0]);
    }
    // what the built-in answerer reads first: its question's words, the index's larger pool, reordered by their text
    const language = english ? 'en' : 'nb';
    const question = analyseQuestion({ question: item.question, language });
    const [read] = await retrieveReranked({
      question,
      limit: MODE_BUDGETS.balanced.passages,
      tools: {
        retrieve: ({ query, limit }) =>
          provider.retrieveChunks({
            ownerId: 'own_eval',
            buildingIds: ['bld_eval'],
            query,
            limit,
            ...(english ? { language: 'en' as const } : {}),
          }),
      },
    });
    byRanking.answerer = judge(read);
    results.push({ split: item.passage % 2 === 0 ? 'tuning' : 'holdout', rank, passages: byRanking });
    if (verbose && rank !== 1) {
      console.log(`rank ${rank || '-'}: ${item.question}  [${passages[item.passage]?.split('\n')[0]}]`);
    }
  }
  const done = performance.now();

  console.log(
    `${english ? 'SQuAD 2.0 dev (English)' : 'NorQuAD validation'} on ${engine}: ${passages.length} passages, ${items.length} questions ` +
      `(loaded in ${((loaded - started) / 1000).toFixed(1)} s, ${((done - loaded) / items.length).toFixed(1)} ms per question)`,
  );
  const line = (label: string, rows: typeof results) => {
    const n = rows.length;
    const at = (k: number) => rows.filter((r) => r.rank > 0 && r.rank <= k).length / n;
    const mrr = rows.reduce((sum, r) => sum + (r.rank > 0 ? 1 / r.rank : 0), 0) / n;
    const share = (ranking: ChunkRanking | 'answerer', pick: 'passageFirst' | 'answerFirst') =>
      rows.filter((r) => r.passages[ranking][pick]).length / n;
    const passageLines = [...RANKINGS, 'answerer' as const].map(
      (ranking) =>
        `passages (${ranking === 'answerer' ? 'the answerer: word-weight reranked' : ranking}): right passage first ` +
        `${share(ranking, 'passageFirst').toFixed(3)}, answer in it ${share(ranking, 'answerFirst').toFixed(3)}`,
    );
    console.log(
      `${label.padEnd(8)} n=${String(n).padStart(3)}  recall@1 ${at(1).toFixed(3)}  recall@5 ${at(5).toFixed(3)}  ` +
        `MRR ${mrr.toFixed(3)}   ${passageLines.join('; ')}`,
    );
    return { recallAt5: at(5), passageFirst: share(DEFAULT_CHUNK_RANKING, 'passageFirst') };
  };
  // English: both halves are dev questions, neither ever tuned on
  line(
    english ? 'even' : 'tuning',
    results.filter((r) => r.split === 'tuning'),
  );
  const holdout = line(
    english ? 'odd' : 'holdout',
    results.filter((r) => r.split === 'holdout'),
  );
  const all = line('all', results);
  console.log(
    `targets: recall@5 >= ${TARGET_RECALL_AT_5} (${all.recallAt5 >= TARGET_RECALL_AT_5 ? 'met' : 'MISSED'}), ` +
      `right passage first >= ${TARGET_PASSAGE_FIRST} (${all.passageFirst >= TARGET_PASSAGE_FIRST ? 'met' : 'MISSED'}); ` +
      `holdout recall@5 ${holdout.recallAt5.toFixed(3)}`,
  );
  await drop();
  if (engine !== 'postgres') await database.close();
}

await main();
