import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { createLogger, wantsPrettyLogs } from '../../src/http/logging.js';

function capture(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString('utf8'));
      callback();
    },
  });
  return { stream, text: () => chunks.join('') };
}

describe('log format', () => {
  it('writes readable lines when pretty, with the same redaction', () => {
    const out = capture();
    const logger = createLogger({ level: 'info', destination: out.stream, pretty: true });
    logger.info({ documentId: 'doc-1', headers: { authorization: 'Bearer s3cret-token' } }, 'job done');
    const text = out.text();
    expect(text).toContain('INFO');
    expect(text).toContain('job done');
    expect(text).toContain('doc-1');
    expect(text).not.toContain('s3cret-token');
    expect(text.trimStart().startsWith('{')).toBe(false);
  });

  it('writes one JSON object a line otherwise', () => {
    const out = capture();
    createLogger({ level: 'info', destination: out.stream }).info({ documentId: 'doc-1' }, 'job done');
    expect(JSON.parse(out.text())).toMatchObject({ msg: 'job done', documentId: 'doc-1', level: 30 });
  });

  it('is pretty in a terminal, JSON when piped, and LOG_FORMAT overrides both', () => {
    expect(wantsPrettyLogs('auto', { isTTY: true })).toBe(true);
    expect(wantsPrettyLogs('auto', {})).toBe(false);
    expect(wantsPrettyLogs('json', { isTTY: true })).toBe(false);
    expect(wantsPrettyLogs('pretty', {})).toBe(true);
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({}).logFormat).toBe('auto');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });
});
