/**
 * The maintenance extractor against labelled documents (dataset.json): public O&M / FDV texts with their source, a
 * few written by the team where no public text had the phrasing, and decoys that mention time but ask for nothing.
 * Prints, per split (tune: what the extractor was tuned on; holdout: never tuned on) and in all:
 *
 *   recall     labelled tasks found (same page, the cited text holds the label's quote or the quote holds it, and the
 *              same action)
 *   precision  extracted tasks that are labelled tasks
 *   interval   found tasks whose interval is the labelled one (null for operating hours alone)
 *   verbatim   extracted tasks whose cited text stands character for character in the page's text
 *
 *   npm run eval:maintenance              both splits
 *   npm run eval:maintenance -- --verbose the misses and the extra tasks
 */
import fs from 'node:fs';
import path from 'node:path';
import { sameInterval, type Interval } from '../../src/domain/maintenance/intervals.js';
import type { ExtractedTask } from '../../src/domain/maintenance/maintenance.types.js';
import { extractMaintenanceTasks } from '../../src/domain/maintenance/task-extractor.js';

interface LabelledTask {
  page: number;
  quote: string;
  action: string;
  every: number | null;
  unit: Interval['unit'] | null;
}

interface EvalDocument {
  id: string;
  split: 'tune' | 'holdout';
  language: string;
  written: boolean;
  decoy: boolean;
  source: string;
  pages: { pageNumber: number; text: string }[];
  tasks: LabelledTask[];
}

const TARGETS = { recall: 0.85, precision: 0.85, interval: 0.9, verbatim: 1 };

const dataset = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'dataset.json'), 'utf8')) as {
  documents: EvalDocument[];
};
const verbose = process.argv.includes('--verbose');

function matches(task: ExtractedTask, label: LabelledTask): boolean {
  if (task.pageNumber !== label.page || task.action !== label.action) return false;
  const cited = task.citedText.replace(/\s+/g, ' ');
  const quote = label.quote.replace(/\s+/g, ' ');
  return cited.includes(quote) || quote.includes(cited);
}

interface Tally {
  labelled: number;
  extracted: number;
  found: number;
  correct: number;
  intervalRight: number;
  verbatim: number;
  decoyTasks: number;
}

const empty = (): Tally => ({
  labelled: 0,
  extracted: 0,
  found: 0,
  correct: 0,
  intervalRight: 0,
  verbatim: 0,
  decoyTasks: 0,
});
const tallies = { tune: empty(), holdout: empty(), all: empty() };

for (const document of dataset.documents) {
  const extracted = extractMaintenanceTasks({ pages: document.pages });
  const used = new Set<number>();
  const lines: string[] = [];
  let found = 0;
  let intervalRight = 0;
  for (const label of document.tasks) {
    const index = extracted.findIndex((task, i) => !used.has(i) && matches(task, label));
    if (index < 0) {
      lines.push(`  missed  p${label.page} ${label.action} ${label.every ?? '-'} ${label.unit ?? ''}: ${label.quote}`);
      continue;
    }
    used.add(index);
    found += 1;
    const task = extracted[index]!;
    const wanted = label.every !== null && label.unit !== null ? { every: label.every, unit: label.unit } : null;
    if (sameInterval(task.interval, wanted)) intervalRight += 1;
    else
      lines.push(
        `  interval p${label.page} wanted ${label.every ?? '-'} ${label.unit ?? ''}, got ${JSON.stringify(task.interval)} (${task.intervalText}): ${label.quote}`,
      );
  }
  const extra = extracted.filter((_, i) => !used.has(i));
  for (const task of extra)
    lines.push(
      `  extra   p${task.pageNumber} ${task.action} ${JSON.stringify(task.interval)} ${task.component}: ${task.citedText}`,
    );
  const verbatim = extracted.filter((task) =>
    document.pages.some((p) => p.pageNumber === task.pageNumber && p.text.includes(task.citedText)),
  ).length;
  for (const tally of [tallies[document.split], tallies.all]) {
    tally.labelled += document.tasks.length;
    tally.extracted += extracted.length;
    tally.found += found;
    tally.correct += extracted.length - extra.length;
    tally.intervalRight += intervalRight;
    tally.verbatim += verbatim;
    if (document.decoy) tally.decoyTasks += extracted.length;
  }
  if (verbose && lines.length) console.log(`${document.id} (${document.split})\n${lines.join('\n')}`);
}

const share = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);
const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
const documents = (split: 'tune' | 'holdout') => dataset.documents.filter((d) => d.split === split);

console.log(
  `maintenance extraction: ${dataset.documents.length} documents (${dataset.documents.filter((d) => !d.written).length} public, ` +
    `${dataset.documents.filter((d) => d.written).length} written by the team, ${dataset.documents.filter((d) => d.decoy).length} decoys)`,
);
for (const [name, tally] of Object.entries(tallies) as [keyof typeof tallies, Tally][]) {
  const count = name === 'all' ? dataset.documents.length : documents(name).length;
  const figures = {
    recall: share(tally.found, tally.labelled),
    precision: share(tally.correct, tally.extracted),
    interval: share(tally.intervalRight, tally.found),
    verbatim: share(tally.verbatim, tally.extracted),
  };
  const verdict = (Object.keys(TARGETS) as (keyof typeof TARGETS)[])
    .filter((key) => figures[key] < TARGETS[key])
    .map((key) => `${key} below target`);
  console.log(
    `  ${name.padEnd(8)} ${String(count).padStart(2)} docs, ${String(tally.labelled).padStart(3)} labelled, ${String(tally.extracted).padStart(3)} extracted:` +
      ` recall ${percent(figures.recall)}, precision ${percent(figures.precision)}, interval ${percent(figures.interval)},` +
      ` verbatim ${percent(figures.verbatim)}; tasks from decoy documents ${tally.decoyTasks}` +
      (verdict.length ? `  [${verdict.join(', ')}]` : '  [within targets]'),
  );
}
console.log(
  `  targets: recall >= ${percent(TARGETS.recall)}, precision >= ${percent(TARGETS.precision)}, interval >= ${percent(TARGETS.interval)}, verbatim ${percent(TARGETS.verbatim)}`,
);
