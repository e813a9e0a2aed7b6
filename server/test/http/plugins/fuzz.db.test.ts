import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { testEngines } from '../../helpers/test-database.js';

/**
 * Property-based fuzzing of a handful of routes: random text laced with NUL, lone surrogates, broken escapes and
 * numbers no schema allows goes into path parameters, query strings, JSON bodies and headers. Whatever it is, the
 * answer is never a 5xx, and every refusal is problem+json. Fixed seed and bounded runs, so a run is repeatable.
 */
const SEED = 20_261_123;
const RUNS = 100;

const HOSTILE_FRAGMENTS = [
  '\u0000',
  '\ud800',
  '\udfff',
  '\udc00\ud800',
  '\ud83d\ude00',
  'Infinity',
  '-Infinity',
  'NaN',
  '1e400',
  '99999999999999999999',
  '-1',
  '0x10',
  '%00',
  '%E0%A4%A',
  '../',
  "' or 1=1 --",
  '\\',
  '"',
  '{}',
  '\r\n',
  '\u202e',
  'æøå',
  ' ',
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const hostileText = fc
  .array(
    fc.oneof(
      { arbitrary: fc.string({ unit: 'binary', maxLength: 8 }), weight: 1 },
      { arbitrary: fc.constantFrom(...HOSTILE_FRAGMENTS), weight: 3 },
      { arbitrary: fc.constantFrom('\u0000', '\ud800', '\udfff'), weight: 1 },
      { arbitrary: loneSurrogate, weight: 1 },
    ),
    { maxLength: 4 },
  )
  .map((parts) => parts.join(''));

const numberText = fc.oneof(
  fc.constantFrom(
    'Infinity',
    '-Infinity',
    'NaN',
    '1e400',
    '99999999999999999999',
    '-0',
    '1e30',
    '',
    ' 5',
    '0x10',
    '1.5',
  ),
  fc.integer().map(String),
  fc.double().map(String),
  fc.bigInt().map(String),
);

/** Escapes as a client would, except that a lone surrogate becomes the CESU-8 bytes some encoders emit for it. */
function percentEncode(text: string): string {
  let encoded = '';
  for (const character of text) {
    const code = character.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      encoded += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      encoded += encodeURIComponent(character);
    }
  }
  return encoded;
}

const rawEscape = fc.constantFrom('%00', '%E0%A4%A', '%', '%ZZ', '%C0%AF', '%ED%A0%80', '%F4%90%80%80', '%FF');
const urlText = fc
  .array(fc.oneof({ arbitrary: hostileText.map(percentEncode), weight: 4 }, { arbitrary: rawEscape, weight: 1 }), {
    minLength: 1,
    maxLength: 3,
  })
  .map((parts) => parts.join(''));

/** JSON text; `__INFINITY__` stands for a number literal that parses to Infinity. */
const INFINITY = '"__INFINITY__"';
const jsonScalar = fc.oneof(
  hostileText,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constant(INFINITY),
  fc.boolean(),
  fc.constant(null),
);
const nested = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    jsonScalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(hostileText, tie('value'), { maxKeys: 3 }),
  ),
})).value;
const toJson = (value: unknown) => JSON.stringify(value).replaceAll(JSON.stringify(INFINITY), '1e400');

describe.each(testEngines())('fuzzed requests on %s', (engine) => {
  let t: TestApp;
  let seed: Awaited<ReturnType<TestApp['seed']>>;
  let building: string;
  let documentId: string;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    seed = await t.seed();
    building = `/v1/building_owners/${seed.ownerId}/buildings/${seed.buildingId}`;
    documentId = await t.upload({
      seed,
      filename: 'rapport.txt',
      bytes: Buffer.from('Brannslukkere'),
      contentType: 'text/plain',
    });
  });
  afterAll(() => t.close());

  /** Sends what a property generated; fails on a 5xx or a refusal that is not problem+json. Returns the status. */
  async function send(request: {
    method: 'GET' | 'POST' | 'PUT' | 'PATCH';
    url: string;
    body?: string;
    headers?: Record<string, string>;
  }): Promise<number> {
    const response = await t.app.inject({
      method: request.method,
      url: request.url,
      headers: {
        'x-api-key': seed.key,
        ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...request.headers,
      },
      ...(request.body !== undefined ? { payload: request.body } : {}),
    });
    const summary = `${request.method} ${request.url} ${request.body ?? ''} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
    expect(response.statusCode, summary).toBeLessThan(500);
    if (response.statusCode >= 400)
      expect(response.headers['content-type'], summary).toContain('application/problem+json');
    return response.statusCode;
  }

  async function fuzz<T>(arbitrary: fc.Arbitrary<T>, request: (value: T) => Parameters<typeof send>[0]) {
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(arbitrary, async (value) => {
        statuses.add(await send(request(value)));
      }),
      { seed: SEED, numRuns: RUNS },
    );
    return statuses;
  }

  it('path parameters', async () => {
    const statuses = await fuzz(fc.tuple(urlText, fc.boolean(), fc.boolean()), ([text, isOwner, aroundId]) => {
      const id = isOwner ? seed.ownerId : documentId;
      const param = aroundId ? `${id}${text}` : text;
      return { method: 'GET', url: isOwner ? `/v1/building_owners/${param}` : `${building}/documents/${param}` };
    });
    expect(statuses).toContain(400);
    expect([...statuses].some((status) => status === 403 || status === 404)).toBe(true);
  });

  it('search query strings', async () => {
    const statuses = await fuzz(
      fc.record({ query: urlText, start: numberText, max: numberText, floor: fc.option(urlText) }),
      ({ query, start, max, floor }) => ({
        method: 'GET',
        url:
          `${building}/search?query=brannslukkere${query}&start_index=${encodeURIComponent(start)}` +
          `&max_results=${encodeURIComponent(max)}${floor === null ? '' : `&floor=${floor}`}`,
      }),
    );
    expect(statuses).toContain(400);
  });

  it('search with well-formed text and any integer offset', async () => {
    const statuses = await fuzz(
      fc.record({ query: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }), start: fc.bigInt({ min: 0n }) }),
      ({ query, start }) => ({
        method: 'GET',
        url: `${building}/search?query=brannslukkere%20${encodeURIComponent(query)}&start_index=${start}`,
      }),
    );
    expect(statuses).toContain(200);
  });

  it('document list paging', async () => {
    const statuses = await fuzz(fc.record({ limit: numberText, token: urlText }), ({ limit, token }) => ({
      method: 'GET',
      url: `${building}/documents?limit=${encodeURIComponent(limit)}&next_token=${token}`,
    }));
    expect(statuses).toContain(400);
  });

  it('JSON bodies: names, nested values, filenames', async () => {
    const statuses = await fuzz(
      fc.record({
        name: fc.oneof({ arbitrary: hostileText, weight: 3 }, { arbitrary: nested, weight: 1 }),
        // mostly absent: an unknown field is refused before anything else is looked at
        extra: fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: nested, weight: 1 }),
        route: fc.nat(3),
      }),
      ({ name, extra, route }) => {
        const body = (fields: Record<string, unknown>) =>
          toJson(extra === null ? fields : { ...fields, extra: extra as unknown });
        switch (route) {
          case 0:
            return { method: 'POST', url: '/v1/building_owners', body: body({ name }) };
          case 1:
            return { method: 'PATCH', url: building, body: body({ name, privateFolders: [name] }) };
          case 2:
            return { method: 'PUT', url: `${building}/documents`, body: body({ filename: name, serialNumber: name }) };
          default:
            return { method: 'PATCH', url: `${building}/documents/${documentId}`, body: body({ filename: name }) };
        }
      },
    );
    expect(statuses).toContain(400);
    expect([...statuses].some((status) => status >= 200 && status < 300)).toBe(true);
  });

  it('session lifetimes', async () => {
    const statuses = await fuzz(
      fc.oneof(numberText, fc.constant(INFINITY), fc.integer(), fc.double()),
      (expiresIn) => ({
        method: 'POST',
        url: `/v1/building_owners/${seed.ownerId}/sessions`,
        body: toJson({ expires_in: expiresIn }).replace('"1e400"', '1e400'),
      }),
    );
    expect(statuses).toContain(400);
  });

  it('credential headers', async () => {
    const statuses = await fuzz(fc.record({ key: hostileText, bearer: fc.boolean() }), ({ key, bearer }) => {
      // Node would refuse a raw control character or non-Latin-1 text in a header; inject hands them through
      const headers: Record<string, string> = bearer
        ? { 'x-api-key': '', authorization: `Bearer ${key}` }
        : { 'x-api-key': key };
      return { method: 'GET', url: '/v1/building_owners', headers };
    });
    expect(statuses).toContain(401);
  });
});
