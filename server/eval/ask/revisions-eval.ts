/**
 * Questions whose answer changed between revisions or versions of one document (issue 45): `revisions.json` holds
 * two editions of each drawing or file and questions that name the edition answering them and the other edition's
 * answer. Both editions are stored in one building (no filler by default: filler made from so small a set is gibberish of its own words), linked as drawing revisions (same number,
 * ordered revisions) or as versions (the newer upload replaces the older); then every question is asked with the
 * built-in answerer, first with the chains left out (as byggdok answered before issue 45) and then with them.
 *
 * Printed per run: the share whose first citation is the edition that answers, the share containing the right answer,
 * the share giving the stale answer of the other edition, and the share of answers that say they cite a superseded
 * revision where (and only where) the old edition alone answers.
 *
 *   npm run eval:ask -- --revisions [--documents 0] [--database-url postgres://...] [--verbose]
 *
 * Targets (with chains): the answering edition cited first and no stale answer for every question, and the note exactly
 * where the old edition answers.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAnswersService } from '../../src/domain/answers/answers.service.js';
import { createBuiltinAnswerer } from '../../src/domain/answers/builtin.answerer.js';
import { normalizeDrawingNumber } from '../../src/domain/revisions/revisions.js';
import { createAskRepository } from '../../src/storage/db/repositories/ask.repository.js';
import { relinkRevisions } from '../../src/storage/db/repositories/revisions.repository.js';
import { normalize, openEvalBuilding } from './norquad-building.js';

interface Edition {
  revision?: string;
  filename: string;
  text: string;
}
interface Item {
  kind: 'revision' | 'version';
  drawingNumber?: string;
  old: Edition;
  new: Edition;
  questions: { question: string; gold: string; stale: string | null; answeredBy: 'old' | 'new' }[];
}

const SET = path.join(import.meta.dirname, 'revisions.json');

interface Outcome {
  answeredBy: 'old' | 'new';
  rightFirst: boolean;
  gold: boolean;
  stale: boolean;
  note: boolean;
}

function pct(n: number, of: number): string {
  return of === 0 ? '  -  ' : `${((100 * n) / of).toFixed(1).padStart(5)} %`;
}

/** runs the eval; true when a target was missed */
export async function runRevisionsEval(params: {
  documents: number;
  databaseUrl: string | undefined;
  verbose: boolean;
}): Promise<boolean> {
  const items = (JSON.parse(readFileSync(SET, 'utf8')) as { items: Item[] }).items;
  // as a SQuAD file: every edition a passage (old, then new, per item), each question on the edition that answers it
  const squad = {
    version: 'v2.0',
    data: [
      {
        title: 'revisions',
        paragraphs: items.flatMap((item) =>
          (['old', 'new'] as const).map((edition) => ({
            context: item[edition].text,
            qas: item.questions
              .filter((q) => q.answeredBy === edition)
              .map((q, i) => ({ id: `${edition}-${i}`, question: q.question, answers: [{ text: q.gold }] })),
          })),
        ),
      },
    ],
  };
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'byggdok-revisions-')), 'revisions-squad.json');
  writeFileSync(file, JSON.stringify(squad));
  const building = await openEvalBuilding({
    sets: [{ file, split: 'holdout' }],
    totalDocuments: params.documents,
    databaseUrl: params.databaseUrl,
  });
  try {
    const { deps, principal, ownerId, buildingId } = building;
    const { db } = deps.database;
    // passages are stored as passage-<n>.txt in the order the file gives them: old and new of item i are 2i+1, 2i+2
    const stored = await db
      .selectFrom('documents')
      .select(['id', 'filename'])
      .where('building_id', '=', buildingId)
      .where('filename', 'like', 'passage-%')
      .execute();
    const idOf = new Map(stored.map((row) => [row.filename, row.id]));
    const editions = items.map((item, i) => ({
      item,
      old: idOf.get(`passage-${2 * i + 1}.txt`)!,
      new: idOf.get(`passage-${2 * i + 2}.txt`)!,
    }));

    const askRepository = createAskRepository(db);
    const answers = createAnswersService({
      access: deps.services.access,
      repository: askRepository,
      retriever: { retrieveChunks: (request) => deps.services.search.retrieveChunks(request) },
      reader: askRepository,
      answerer: createBuiltinAnswerer(),
      clock: { now: () => new Date() },
    });

    async function run(label: string): Promise<Outcome[]> {
      const outcomes: Outcome[] = [];
      for (const { item, old, new: current } of editions) {
        for (const q of item.questions) {
          const result = await answers.ask(
            { principal, ownerId, buildingId, query: q.question },
            new AbortController().signal,
          );
          const expected = q.answeredBy === 'old' ? old : current;
          const answer = normalize(result.answer);
          const outcome: Outcome = {
            answeredBy: q.answeredBy,
            rightFirst: result.citations[0]?.documentId === expected,
            gold: answer.includes(normalize(q.gold)),
            stale: q.stale !== null && answer.includes(normalize(q.stale)),
            note: result.citations.some((c) => c.supersededBy !== null) && /Merk:|Note:/.test(result.answer),
          };
          outcomes.push(outcome);
          if (params.verbose)
            console.log(
              `[${label}] ${q.question}\n  -> ${result.answer.replace(/\s+/g, ' ')}\n  ${JSON.stringify(outcome)}`,
            );
        }
      }
      return outcomes;
    }

    function print(label: string, outcomes: Outcome[]): void {
      const current = outcomes.filter((o) => o.answeredBy === 'new');
      const old = outcomes.filter((o) => o.answeredBy === 'old');
      const count = (list: Outcome[], f: (o: Outcome) => boolean) => list.filter(f).length;
      console.log(`\n${label}`);
      console.log(
        `                               answer changed (${current.length})   only the old edition (${old.length})`,
      );
      console.log(
        `answering edition cited first  ${pct(
          count(current, (o) => o.rightFirst),
          current.length,
        )}              ${pct(
          count(old, (o) => o.rightFirst),
          old.length,
        )}`,
      );
      console.log(
        `right answer contained         ${pct(
          count(current, (o) => o.gold),
          current.length,
        )}              ${pct(
          count(old, (o) => o.gold),
          old.length,
        )}`,
      );
      console.log(
        `stale answer given             ${pct(
          count(current, (o) => o.stale),
          current.length,
        )}`,
      );
      console.log(
        `says "superseded revision"     ${pct(
          count(current, (o) => o.note),
          current.length,
        )}              ${pct(
          count(old, (o) => o.note),
          old.length,
        )}`,
      );
    }

    const before = await run('no chains');
    print('without revision chains (before issue 45)', before);

    for (const { item, old, new: current } of editions) {
      if (item.kind === 'version') {
        await db.updateTable('documents').set({ replaces_document_id: old }).where('id', '=', current).execute();
      } else {
        for (const [id, edition] of [
          [old, item.old],
          [current, item.new],
        ] as const) {
          await db
            .updateTable('documents')
            .set({
              filename: edition.filename,
              is_drawing: true,
              drawing_number: item.drawingNumber ?? null,
              drawing_revision: edition.revision ?? null,
              drawing_key: normalizeDrawingNumber(item.drawingNumber ?? null, edition.revision ?? null),
            })
            .where('id', '=', id)
            .execute();
        }
      }
    }
    await relinkRevisions(db, { buildingId });
    const after = await run('chains');
    print('with revision chains', after);

    const current = after.filter((o) => o.answeredBy === 'new');
    const old = after.filter((o) => o.answeredBy === 'old');
    return current.some((o) => !o.rightFirst || o.stale || o.note) || old.some((o) => !o.rightFirst || !o.note);
  } finally {
    await building.close();
  }
}
