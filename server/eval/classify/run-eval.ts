/**
 * Classifies every item of a labelled set and prints accuracy per field, the most common confusions and the time per
 * document. Exits non-zero when a target is missed.
 *
 *   npx tsx eval/classify/run-eval.ts [--set dataset|holdout] [--verbose]
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { classifyDocument } from '../../src/domain/classification/classify.js';
import type { Classification, ClassificationInput } from '../../src/domain/classification/classification.types.js';
import type { EvalItem } from './eval-item.js';

const TARGETS = { discipline: 0.9, buildingCategory2: 0.8, isDrawing: 0.95, informationType: 0.8 } as const;
const TIME_TARGET_MS = 20;
type Field = keyof typeof TARGETS;

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const set = argValue('--set') ?? 'dataset';
if (set !== 'dataset' && set !== 'holdout') {
  console.error(`unknown set "${set}" (dataset or holdout)`);
  process.exit(2);
}
const verbose = process.argv.includes('--verbose');

const items: EvalItem[] = readFileSync(new URL(`./${set}.jsonl`, import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as EvalItem);

export function toInput(item: EvalItem): ClassificationInput {
  const pages = item.textSnippet.split('\f').map((text, i) => ({
    pageNumber: i + 1,
    text,
    ...(item.pageSizeMm ? { widthMm: item.pageSizeMm[0], heightMm: item.pageSizeMm[1] } : {}),
  }));
  return {
    filename: item.filename,
    originalPath: item.originalPath,
    title: item.title ?? null,
    pages,
    ...(item.attributes ? { attributes: item.attributes } : {}),
    fileKind: item.fileKind,
  };
}

function predicted(c: Classification, f: Field): string {
  switch (f) {
    case 'discipline':
      return c.discipline ?? 'null';
    case 'buildingCategory2':
      return c.buildingCategory === 'MSC' ? 'MSC' : c.buildingCategory.slice(0, 2).padEnd(2, '0');
    case 'isDrawing':
      return String(c.isDrawing);
    case 'informationType':
      return c.informationType ?? 'null';
  }
}

function expected(item: EvalItem, f: Field): string {
  const v = item.labels[f];
  return v === null ? 'null' : String(v);
}

// Warm-up: the vocabulary matcher and tables are built on first use; that one-off cost is not per document.
classifyDocument(toInput(items[0]!));

const fields = Object.keys(TARGETS) as Field[];
const correct = new Map<Field, number>(fields.map((f) => [f, 0]));
const confusions = new Map<string, number>();
const misses: string[] = [];
const times: number[] = [];
for (const item of items) {
  const input = toInput(item);
  const start = performance.now();
  const result = classifyDocument(input);
  times.push(performance.now() - start);
  for (const f of fields) {
    const p = predicted(result, f);
    const e = expected(item, f);
    if (p === e) correct.set(f, (correct.get(f) ?? 0) + 1);
    else {
      const key = `${f}: ${e} -> ${p}`;
      confusions.set(key, (confusions.get(key) ?? 0) + 1);
      if (verbose) {
        const ev =
          f === 'buildingCategory2'
            ? result.evidence.buildingCategory
            : f === 'isDrawing'
              ? result.evidence.isDrawing
              : result.evidence[f];
        misses.push(
          `${item.id} ${f}: expected ${e}, got ${p}  [${item.originalPath}]\n      ${(ev?.evidence ?? []).slice(0, 4).join(' | ')}`,
        );
      }
    }
  }
}

times.sort((a, b) => a - b);
const pct = (q: number): number => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
let failed = false;
console.log(`\nclassification eval: ${set} (${items.length} documents)\n`);
for (const f of fields) {
  const acc = (correct.get(f) ?? 0) / items.length;
  const ok = acc >= TARGETS[f];
  if (!ok) failed = true;
  console.log(
    `  ${f.padEnd(18)} ${(acc * 100).toFixed(1).padStart(5)} %   target ${(TARGETS[f] * 100).toFixed(0)} %  ${ok ? 'ok' : 'MISSED'}`,
  );
}
const p50 = pct(0.5);
// The target is per document, so the slow tail counts: p95, not the median, must be under it.
const timeOk = pct(0.95) < TIME_TARGET_MS;
if (!timeOk) failed = true;
console.log(
  `\n  time per document: p50 ${p50.toFixed(2)} ms, p95 ${pct(0.95).toFixed(2)} ms, max ${pct(1).toFixed(2)} ms   target < ${TIME_TARGET_MS} ms  ${timeOk ? 'ok' : 'MISSED'}`,
);
const top = [...confusions.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15);
if (top.length) {
  console.log('\n  most common errors:');
  for (const [k, n] of top) console.log(`    ${String(n).padStart(3)}  ${k}`);
}
if (verbose && misses.length) console.log(`\n  misses:\n    ${misses.join('\n    ')}`);
console.log('');
process.exit(failed ? 1 : 0);
