import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CorruptFileError,
  EncryptedFileError,
  type Extraction,
  type ExtractorInput,
} from '../../../src/domain/pipeline/extraction.types.js';
import { extractPpt } from '../../../src/integrations/extract/ppt.extractor.js';
import { extractXls } from '../../../src/integrations/extract/xls.extractor.js';
import { extractorInput } from '../../helpers/office-fixtures.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/legacy-office');

/** a small deterministic generator, so a failure names bytes that can be looked at again */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'byggdok-legacy-damage-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe.each([
  { reader: extractXls, kind: 'xls' as const, files: ['tika-testEXCEL.xls', 'textract-raw_text.xls'] },
  { reader: extractPpt, kind: 'ppt' as const, files: ['tika-testPPT.ppt', 'tika-testPPT_various.ppt'] },
])('a damaged $kind file', ({ reader, kind, files }) => {
  it('is read as far as it goes or called corrupt, never anything else', async () => {
    const outcomes = { read: 0, corrupt: 0 };
    for (const [fileIndex, file] of files.entries()) {
      const whole = await readFile(path.join(FIXTURES, file));
      const next = random(fileIndex + 1);
      for (let round = 0; round < 150; round++) {
        // half the rounds cut the file short, half overwrite a run of bytes somewhere in it
        const damaged = Buffer.from(whole.subarray(0, round % 2 ? Math.floor(next() * whole.length) : whole.length));
        if (round % 2 === 0) {
          const at = Math.floor(next() * damaged.length);
          for (let i = at; i < Math.min(damaged.length, at + 64); i++) damaged[i] = Math.floor(next() * 256);
        }
        const target = path.join(dir, `${round}-${file}`);
        await writeFile(target, damaged);
        const input: ExtractorInput = extractorInput(target, kind);
        const result: Extraction | Error = await reader(input).catch((error: unknown) => error as Error);
        if (result instanceof Error) {
          expect(result, `${file}, round ${round}: ${result.message}`).toSatisfy(
            (error) => error instanceof CorruptFileError || error instanceof EncryptedFileError,
          );
          outcomes.corrupt += 1;
        } else {
          expect(Array.isArray(result.pages)).toBe(true);
          outcomes.read += 1;
        }
      }
    }
    // both happen: some damage leaves the text readable, some does not
    expect(outcomes.read).toBeGreaterThan(0);
    expect(outcomes.corrupt).toBeGreaterThan(0);
  });
});
