/**
 * A test service wired to the test storage provider (`storage-provider-server.ts`): its settings, and a person's
 * connection made as a browser makes it (consent at the provider, back through the callback).
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { TestBrowser } from './browser.js';
import type { StorageProviderServer } from './storage-provider-server.js';
import type { TestApp } from './test-app.js';

/** the `storageProvider` settings of a test service that uses `provider` */
export function storageProviderSettings(provider: StorageProviderServer, tokenKey: Buffer = randomBytes(32)) {
  return {
    authorizeUrl: provider.authorizeUrl,
    tokenUrl: provider.tokenUrl,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    scopes: 'offline_access files.read',
    apiUrl: provider.apiUrl,
    tokenKey,
  };
}

/** the person with `key` gives consent at the provider and comes back connected */
export async function connectStorageProvider(t: TestApp, provider: StorageProviderServer, key: string): Promise<void> {
  provider.decide('grant');
  const start = await t.request({ method: 'GET', url: '/integrations/storage-provider/oauth/start', key });
  const back = await new TestBrowser().go(String(start.headers.location), (next) => next.origin === provider.url);
  const location = new URL(String(back.headers.get('location')));
  const done = await t.request({ method: 'GET', url: `${location.pathname}${location.search}`, key });
  expect(done.status, String(done.body)).toBe(302);
}
