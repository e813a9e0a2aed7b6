import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedService } from '../helpers/service-process.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** the README's "Your first building" commands, exactly as a reader copies them */
async function firstBuildingCommands(): Promise<string> {
  const readme = await fs.readFile(path.join(ROOT, 'README.md'), 'utf8');
  const after = readme.slice(readme.indexOf('<!-- first-building -->'));
  const block = /```sh\n([\s\S]*?)\n```/.exec(after)?.[1];
  if (!block) throw new Error('the README has no first-building block');
  return block;
}

/**
 * The README stays true: its "first building" commands run in order against a fresh service on embedded defaults
 * (the operator token from the data folder, the example documents from the repository) and print what the README
 * promises: the uploads, the documents with the folders they came from, a search hit, a cited answer, the report.
 */
describe('the README’s first building', () => {
  let running: Awaited<ReturnType<typeof startEmbeddedService>>;

  beforeAll(async () => {
    running = await startEmbeddedService('byggdok-readme-');
  }, 90_000);

  afterAll(async () => {
    await running?.stop();
  });

  it('goes from nothing to a cited answer and a report, as written', { timeout: 120_000 }, async () => {
    const commands = await firstBuildingCommands();
    const { stdout } = await promisify(execFile)('bash', ['-c', `set -euo pipefail\n${commands}`], {
      cwd: ROOT,
      env: { ...process.env, BYGGDOK: running.base, BYGGDOK_DATA_DIR: running.dataDir },
      timeout: 100_000,
    });
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^uploaded RIV\/FDV ventilasjonsaggregat\.pdf as [0-9a-f-]{36}$/);
    expect(lines[1]).toMatch(/^uploaded RIBr\/Brannstrategi\.pdf as [0-9a-f-]{36}$/);
    // each document with the folder it came from
    expect(stdout).toMatch(/^FDV ventilasjonsaggregat\.pdf {2}RIV\/FDV ventilasjonsaggregat\.pdf {2}NS 3451 /m);
    expect(stdout).toMatch(/^Brannstrategi\.pdf {2}RIBr\/Brannstrategi\.pdf {2}NS 3451 /m);
    // the search finds the manual by a word in its text, not its name
    expect(lines).toContain('FDV ventilasjonsaggregat.pdf');
    // the answer, with the cited passage from the manual
    const answer = JSON.parse(/^\{[\s\S]*?^\}$/m.exec(stdout)![0]) as { answer: string; cited: string[] };
    expect(answer.answer.length).toBeGreaterThan(0);
    expect(answer.cited.join(' ')).toContain('hver sjette måned');
    // the report's first themes, as progress
    expect(lines.slice(-5).every((line) => /^.+: \d+\/\d+$/.test(line))).toBe(true);
  });
});
