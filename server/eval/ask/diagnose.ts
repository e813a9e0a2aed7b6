/**
 * Where the built-in answerer loses English questions: retrieval or sentence choice. Reads SQuAD 2.0 train questions
 * (the tuning set); only `--holdout` asks dev questions, and then prints shares alone.
 *
 *   npx tsx eval/ask/diagnose.ts [--every 2] [--dump features.jsonl]
 */
import { writeFileSync } from 'node:fs';
import { rankSentences } from '../../src/domain/answers/sentence-ranker.js';
import { tuningFor } from '../../src/domain/answers/builtin-tuning.js';
import { normalize, openEnglishBuilding, readEnglishQuestion } from './norquad-building.js';

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const every = Number(argValue('--every') ?? 2);
const dump = argValue('--dump');
/**
 * `--holdout`: the same aggregate figures for the first 1,000 dev questions, in the building eval:ask uses (train and
 * dev passages); only the shares are printed, never a question, so nothing is tuned on what it shows
 */
const holdout = process.argv.includes('--holdout');

const building = await openEnglishBuilding(holdout);
try {
  const tuning = tuningFor('en');
  const questions = holdout
    ? building.questions.filter((q) => q.split === 'holdout').slice(0, 1000)
    : building.questions.filter((q, i) => i % every === 0);
  const retrievalRank = new Map<string, number>();
  const cross = new Map<string, number>();
  const rows: string[] = [];
  const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  let answerable = 0;
  for (const q of questions) {
    const { question, passages } = await readEnglishQuestion(building, q.question);
    const ranked = rankSentences({ question, passages, options: { weights: tuning.weights } });
    const docRank = passages.findIndex((p) => p.documentId === q.documentId);
    const best = ranked[0];
    const goldSentence =
      q.gold === null ? -1 : ranked.findIndex((s) => normalize(s.text).includes(normalize(q.gold as string)));
    if (dump && !holdout) {
      rows.push(
        JSON.stringify({
          q: q.question,
          gold: q.gold,
          docRank,
          goldSentence,
          bestRight: best?.passage.documentId === q.documentId,
          best: best && {
            coverage: best.coverage,
            context: best.contextCoverage,
            local: best.localCoverage,
            type: best.typeEvidence,
            score: best.score,
            text: best.text.slice(0, 300),
          },
          second: ranked[1]?.score,
          qtype: question.type,
          terms: question.terms.map((t) => t.word),
        }),
      );
    }
    if (q.gold === null) continue;
    answerable += 1;
    const r = docRank < 0 ? 'missing' : docRank === 0 ? '1' : docRank < 5 ? '2-5' : '6+';
    bump(retrievalRank, r);
    bump(
      cross,
      `retrieval ${r.padEnd(7)} best sentence ${best?.passage.documentId === q.documentId ? 'right' : 'wrong'}`,
    );
    const g = goldSentence < 0 ? 'none' : goldSentence === 0 ? '1' : goldSentence < 3 ? '2-3' : '4+';
    bump(cross, `gold sentence rank ${g}`);
  }
  const pct = (n: number) => `${((n / answerable) * 100).toFixed(1)} %`;
  console.log(`${answerable} answerable ${holdout ? 'held-out' : 'tuning'} questions`);
  for (const [k, v] of [...retrievalRank].sort()) console.log(`retrieval rank of right passage ${k}: ${pct(v)}`);
  for (const [k, v] of [...cross].sort()) console.log(`${k}: ${pct(v)}`);
  if (dump) writeFileSync(dump, rows.join('\n') + '\n');
} finally {
  await building.close();
}
