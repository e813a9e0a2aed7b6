import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EnvReader } from '../../src/config/config-part.js';
import { CONFIG_PARTS, configurationTable, readConfig } from '../../src/config/config.js';

const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

/** the README's configuration table, as written */
function readmeTable(): string {
  const start = README.indexOf('| variable | default | meaning |');
  const lines = README.slice(start).split('\n');
  return lines
    .slice(
      0,
      lines.findIndex((line) => !line.startsWith('|')),
    )
    .join('\n');
}

/** environments that take every branch of the parts: embedded defaults, S3 storage, a language model */
const ENVIRONMENTS = [
  {},
  { S3_BUCKET: 'files', S3_EVENTS_TOKEN: 'x'.repeat(24) },
  { LLM_PROVIDER: 'openai', LLM_MODEL: 'm', LLM_API_KEY: 'k' },
];

describe('configuration documentation', () => {
  it('documents every variable in the README exactly as the config parts declare it', () => {
    // regenerate: npx tsx -e "import('./src/config/config.ts').then((m) => console.log(m.configurationTable()))"
    expect(readmeTable()).toBe(configurationTable());
  });

  it('reads no variable that a config part does not declare, and declares none it never reads', () => {
    const declared = new Set(
      CONFIG_PARTS.flatMap((part) => part.variables.flatMap((v) => [v.name, ...(v.also ?? [])])),
    );
    const read = new Set<string>();
    for (const env of ENVIRONMENTS) {
      const reader = new EnvReader(env);
      readConfig(reader, '/srv/byggdok');
      expect(reader.problems).toEqual([]);
      for (const variable of reader.read) read.add(variable);
    }

    expect([...read].filter((variable) => !declared.has(variable))).toEqual([]);
    const unread = CONFIG_PARTS.flatMap((part) => part.variables).filter((v) => !v.readBy && !read.has(v.name));
    expect(unread.map((v) => v.name)).toEqual([]);
  });
});
