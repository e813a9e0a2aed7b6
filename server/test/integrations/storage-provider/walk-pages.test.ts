import { describe, expect, it } from 'vitest';
import { walkPages } from '../../../src/integrations/storage-provider/oauth-storage-provider.js';

const API = 'https://graph.example/v1.0';
const onApi = (url: string) => url.startsWith(`${API}/`);

/** a provider's listing as pages: `pageOf(n)` answers the n-th asked for */
function provider(pageOf: (n: number, url: string) => { count: number; next: string | null }) {
  const asked: string[] = [];
  return {
    asked,
    page: async (url: string) => {
      asked.push(url);
      return pageOf(asked.length - 1, url);
    },
  };
}

describe("a folder's listing, page after page", () => {
  it('follows every next page of an ordinary listing to its end', async () => {
    const p = provider((n) => ({ count: 200, next: n < 4 ? `${API}/children?skip=${(n + 1) * 200}` : null }));
    await walkPages(`${API}/children`, p.page, { most: 5_000, onApi });
    expect(p.asked).toHaveLength(5);
  });

  it('stops a provider that pages without end, empty pages too, at the entries it may take', async () => {
    // was: followed for ever (each page a new URL), the job never ended and its memory grew
    const full = provider((n) => ({ count: 200, next: `${API}/children?skip=${(n + 1) * 200}` }));
    await expect(walkPages(`${API}/children`, full.page, { most: 1_000, onApi })).rejects.toThrow(
      'more than 1000 entries',
    );
    expect(full.asked).toHaveLength(6);
    const empty = provider((n) => ({ count: 0, next: `${API}/children?page=${n + 1}` }));
    await expect(walkPages(`${API}/children`, empty.page, { most: 1_000, onApi })).rejects.toThrow(
      'more than 1000 entries',
    );
    expect(empty.asked).toHaveLength(1_001);
  });

  it('does not go round a provider that sends a page it sent before', async () => {
    const p = provider((n) => ({ count: 2, next: n % 2 === 0 ? `${API}/children?skip=2` : `${API}/children` }));
    await expect(walkPages(`${API}/children`, p.page, { most: 5_000, onApi })).rejects.toThrow('the same page again');
    expect(p.asked).toEqual([`${API}/children`, `${API}/children?skip=2`]);
  });

  it('never asks for a next page outside the API', async () => {
    const p = provider(() => ({ count: 2, next: 'https://elsewhere.example/steal' }));
    await expect(walkPages(`${API}/children`, p.page, { most: 5_000, onApi })).rejects.toThrow('outside its API');
    expect(p.asked).toEqual([`${API}/children`]);
  });
});
