import { describe, expect, it } from 'vitest';
import { retryAfterMs, retryingFetch } from '../src/retry.js';

/** a fetch that answers with these statuses (and headers) in turn, and counts what it was sent */
function answering(answers: { status: number; headers?: Record<string, string> }[]) {
  const bodies: string[] = [];
  const fetchOnce = async (request: Request): Promise<Response> => {
    bodies.push(await request.text());
    const answer = answers[Math.min(bodies.length - 1, answers.length - 1)]!;
    return new Response(null, { status: answer.status, headers: answer.headers ?? {} });
  };
  return { fetchOnce, bodies };
}

const post = (): Request => new Request('http://service.test/v1/x', { method: 'POST', body: '{"name":"a"}' });

describe('retrying a refused request', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs(new Date(Date.UTC(2026, 0, 1, 0, 0, 30)).toUTCString(), Date.UTC(2026, 0, 1))).toBe(30_000);
    expect(retryAfterMs(null)).toBeNull();
    expect(retryAfterMs('soon')).toBeNull();
  });

  it('sends the same body again after a 429 until it is taken', async () => {
    const { fetchOnce, bodies } = answering([
      { status: 429, headers: { 'retry-after': '0' } },
      { status: 429 },
      { status: 201 },
    ]);
    const response = await retryingFetch(fetchOnce, { baseDelayMs: 1 })(post());
    expect(response.status).toBe(201);
    expect(bodies).toEqual(['{"name":"a"}', '{"name":"a"}', '{"name":"a"}']);
  });

  it('stops after the retries it was given and returns the last refusal', async () => {
    const { fetchOnce, bodies } = answering([{ status: 429, headers: { 'retry-after': '0' } }]);
    const response = await retryingFetch(fetchOnce, { retries: 2 })(post());
    expect(response.status).toBe(429);
    expect(bodies).toHaveLength(3);
  });

  it('does not repeat a 503 without Retry-After (the work may be done), nor wait longer than allowed', async () => {
    const plain503 = answering([{ status: 503 }, { status: 200 }]);
    expect((await retryingFetch(plain503.fetchOnce)(post())).status).toBe(503);
    expect(plain503.bodies).toHaveLength(1);

    const starting = answering([{ status: 503, headers: { 'retry-after': '0' } }, { status: 200 }]);
    expect((await retryingFetch(starting.fetchOnce)(post())).status).toBe(200);

    const longWait = answering([{ status: 429, headers: { 'retry-after': '3600' } }, { status: 200 }]);
    expect((await retryingFetch(longWait.fetchOnce, { maxDelayMs: 60_000 })(post())).status).toBe(429);
    expect(longWait.bodies).toHaveLength(1);
  });

  it('stops waiting when the request is aborted', async () => {
    const { fetchOnce } = answering([{ status: 429, headers: { 'retry-after': '30' } }]);
    const controller = new AbortController();
    const request = new Request('http://service.test/v1/x', { signal: controller.signal });
    const pending = retryingFetch(fetchOnce)(request);
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
