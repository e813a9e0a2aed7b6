import type { Socket } from 'node:net';
import type { ConnectionError, FastifyInstance, FastifyRequest } from 'fastify';
import { invalid, type FieldProblem } from '../../domain/shared/errors.js';
import { problemDocument } from './errors.js';
import { API_CONTENT_SECURITY_POLICY } from './security-headers.js';

/**
 * One gate in front of every route, present and future: text PostgreSQL cannot store (NUL) or that is not text at
 * all (an unpaired UTF-16 surrogate, which JSON's `\ud800` can produce), numbers that are not finite, and query
 * strings that do not percent-decode are refused with a 400 naming the field, before authentication, handlers or SQL
 * see them. Path parameters, the query string and headers are checked on arrival; bodies once parsed.
 *
 * Numbers written as text (query and path) are held to their schema by the validator (see validation.ts).
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const problems = [
      ...headerProblems(request.headers),
      ...queryStringProblems(request.url),
      ...textProblems(request.params, 'path parameter'),
    ];
    if (problems.length > 0) throw refusal(problems);
  });

  app.addHook('preValidation', async (request: FastifyRequest) => {
    // uploads arrive as streams and are never parsed; only parsed JSON (or form) bodies are walked
    if (!isParsedBody(request.body)) return;
    // JSON-RPC to the MCP server is answered in JSON-RPC: a tool's arguments are checked by the tool (a tool error
    // naming the argument, which the assistant can correct), and every call a tool makes comes through this gate again
    if (request.routeOptions.url === '/mcp') return;
    const problems = textProblems(request.body, 'field');
    if (problems.length > 0) throw refusal(problems);
  });
}

/** A located problem: `where` says which part of the request (`query parameter`, `field`, `header`). */
interface InputProblem extends FieldProblem {
  where: string;
}

const MAX_REPORTED = 20;
const NUL = /\0/;
// with the u flag a well-formed surrogate pair is one code point; only an unpaired half is category Cs
const LONE_SURROGATE = /\p{Cs}/u;
// Node's HTTP parser already refuses these in header values; the guard holds the same line for every other way in
// eslint-disable-next-line no-control-regex -- control characters are exactly what this rejects
const HEADER_CONTROL = /[\0-\x08\x0a-\x1f\x7f]/;

/** Why `text` cannot be stored as text, or null when it can. */
function textDefect(text: string): string | null {
  if (NUL.test(text)) return 'must not contain the NUL character (U+0000)';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode text (it contains an unpaired UTF-16 surrogate)';
  return null;
}

function refusal(problems: InputProblem[]) {
  const listed = problems.slice(0, MAX_REPORTED);
  const detail = listed
    .map((p) => `${p.where} ${p.path === '/' ? '(the whole value)' : `"${p.path.slice(1)}"`} ${p.message}`)
    .join('; ');
  return invalid(
    'request.invalid',
    detail,
    listed.map(({ path, message }) => ({ path, message })),
  );
}

function headerProblems(headers: FastifyRequest['headers']): InputProblem[] {
  const problems: InputProblem[] = [];
  for (const [name, value] of Object.entries(headers)) {
    for (const text of Array.isArray(value) ? value : [value]) {
      if (typeof text !== 'string') continue;
      const defect = HEADER_CONTROL.test(text) ? 'must not contain control characters' : textDefect(text);
      if (defect) problems.push({ where: 'header', path: `/${pointerToken(name)}`, message: defect });
    }
  }
  return problems;
}

/**
 * Fastify's query parser keeps a value that does not decode as it was sent (`%E0%A4%A` stays literally), so a
 * broken escape would otherwise reach a handler as text nobody wrote. Decoding NUL (`%00`) is caught here too.
 */
function queryStringProblems(url: string): InputProblem[] {
  const start = url.indexOf('?');
  if (start === -1) return [];
  const problems: InputProblem[] = [];
  for (const pair of url.slice(start + 1).split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const rawName = equals === -1 ? pair : pair.slice(0, equals);
    const rawValue = equals === -1 ? '' : pair.slice(equals + 1);
    const name = decodeQueryComponent(rawName);
    const value = decodeQueryComponent(rawValue);
    const path = `/${pointerToken(name ?? rawName)}`;
    if (name === null || value === null) {
      problems.push({ where: 'query parameter', path, message: 'is not valid percent-encoded UTF-8' });
      continue;
    }
    const defect = textDefect(name) ?? textDefect(value);
    if (defect) problems.push({ where: 'query parameter', path, message: defect });
  }
  return problems;
}

function decodeQueryComponent(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

function isParsedBody(body: unknown): body is object {
  if (body === null || typeof body !== 'object') return false;
  if (Array.isArray(body)) return true;
  const prototype = Object.getPrototypeOf(body) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * Every string (values and names) and number in a parsed value, at any depth. Iterative, so a deeply nested body
 * cannot overflow the stack.
 */
function textProblems(root: unknown, where: string): InputProblem[] {
  const problems: InputProblem[] = [];
  const stack: Array<{ value: unknown; path: string }> = [{ value: root, path: '' }];
  while (stack.length > 0 && problems.length < MAX_REPORTED) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      const defect = textDefect(value);
      if (defect) problems.push({ where, path: path || '/', message: defect });
    } else if (typeof value === 'number') {
      // JSON allows 1e400, which parses to Infinity
      if (!Number.isFinite(value)) problems.push({ where, path: path || '/', message: 'must be a finite number' });
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--)
        stack.push({ value: value[index], path: `${path}/${index}` });
    } else if (value !== null && typeof value === 'object') {
      const entries: Array<[string, unknown]> = Object.entries(value);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [name, child] = entries[index]!;
        const childPath = `${path}/${pointerToken(name)}`;
        const defect = textDefect(name);
        if (defect) problems.push({ where, path: childPath, message: `(a field name) ${defect}` });
        else stack.push({ value: child, path: childPath });
      }
    }
  }
  return problems;
}

/** A JSON pointer token (RFC 6901), with unprintable characters spelled out so the reply itself stays clean text. */
function pointerToken(name: string): string {
  return (
    name
      .replace(/~/g, '~0')
      .replace(/\//g, '~1')
      // eslint-disable-next-line no-control-regex -- control characters are exactly what this spells out
      .replace(/[\0-\x1f\x7f]|\p{Cs}/gu, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`)
  );
}

const REQUEST_LINE_START = /^[A-Z]{3,10} \S/;
/** Beyond this a request line counts as "too long" rather than the headers after it. */
const LONG_REQUEST_LINE = 4096;

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (the request line and headers together beyond
 * `maxHeaderSize`, 16 KiB by default; bytes that are not HTTP), answered as problem+json instead of Node's bare
 * status line. Passed to Fastify as `clientErrorHandler`.
 */
export function answerClientError(error: ConnectionError, socket: Socket): void {
  // a reset connection has nobody to answer
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code, detail } = classifyClientError(error);
  if (socket.writable) {
    const problem = problemDocument({ status, code, detail });
    const body = JSON.stringify(problem);
    socket.write(
      `HTTP/1.1 ${status} ${problem.title}\r\n` +
        'Content-Type: application/problem+json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'X-Content-Type-Options: nosniff\r\n' +
        `Content-Security-Policy: ${API_CONTENT_SECURITY_POLICY}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}

function classifyClientError(error: { code?: string; rawPacket?: unknown }): {
  status: number;
  code: string;
  detail: string;
} {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, code: 'request.timeout', detail: 'The request was not received in time' };
  }
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    const packet = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1') : '';
    const lineEnd = packet.indexOf('\r\n');
    if (REQUEST_LINE_START.test(packet) && (lineEnd === -1 || lineEnd > LONG_REQUEST_LINE)) {
      return { status: 414, code: 'request.url_too_long', detail: 'The URL is longer than this service reads' };
    }
    return {
      status: 431,
      code: 'request.headers_too_large',
      detail: 'The request line and headers together are larger than this service reads',
    };
  }
  return { status: 400, code: 'request.malformed', detail: 'The request is not well-formed HTTP' };
}
