import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createByggdokClient, createWebhookEventHub, verifyWebhook, type WebhookEvent } from '@byggdok/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../helpers/document-fixtures.js';
import { freePort, newDataDir, startByggdok, stopProcess, waitForHttp } from '../helpers/service-process.js';

/**
 * `buildings.waitUntilProcessed` told by webhooks, against `byggdok serve` as its own process: a receiver verifies each
 * event with the SDK's helper and pushes it into a hub; the wait reads the status again when its building's
 * document events arrive. Its fallback poll is set to ten minutes, so it can only finish within the test's time
 * because the events woke it.
 */
describe('waitUntilProcessed with webhook events, against a running service', () => {
  let dataDir: string;
  let base: string;
  let service: ReturnType<typeof startByggdok>;
  let receiver: http.Server;
  let receiverUrl: string;
  const hub = createWebhookEventHub();
  const received: WebhookEvent[] = [];
  let secret = '';

  beforeAll(async () => {
    receiver = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        verifyWebhook(secret, request.headers as Record<string, string>, body).then(
          (event) => {
            received.push(event);
            hub.push(event);
            response.writeHead(204).end();
          },
          () => response.writeHead(401).end(),
        );
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/byggdok`;

    dataDir = await newDataDir('byggdok-sdk-wait-');
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    service = startByggdok({
      args: ['serve'],
      env: {
        BYGGDOK_DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        BYGGDOK_PUBLIC_URL: base,
        WEBHOOKS_ALLOW_PRIVATE: 'true',
        WEBHOOKS_RETRY_SCHEDULE: '1,1',
      },
    });
    await waitForHttp(`${base}/readyz`, 170_000);
  }, 200_000);

  afterAll(async () => {
    if (service) await stopProcess(service);
    receiver?.closeAllConnections();
    await new Promise((resolve) => receiver?.close(resolve));
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it(
    'returns once the events say its documents are processed, reading the status only then',
    { timeout: 300_000 },
    async () => {
      const adminToken = (await fs.readFile(path.join(dataDir, 'admin-token'), 'utf8')).trim();
      const operator = createByggdokClient({ baseUrl: base, adminToken });
      const partner = await operator.POST('/admin/partners', { body: { name: 'Eiendomsdata AS' } });
      const key = await operator.POST('/admin/partners/{partnerId}/keys', {
        params: { path: { partnerId: partner.data!.id } },
        body: {},
      });
      /** what each status read answered: processed documents of all */
      const reads: { processed: number; total: number }[] = [];
      const client = createByggdokClient({
        baseUrl: base,
        apiKey: key.data!.key,
        fetch: async (request) => {
          const response = await fetch(request);
          if (new URL(request.url).pathname.endsWith('/status')) {
            const body = (await response.clone().json()) as { processed_documents: number; total_documents: number };
            reads.push({ processed: body.processed_documents, total: body.total_documents });
          }
          return response;
        },
      });
      const owner = await client.owners.create({ name: 'Bygg Eiendom AS' });
      const buildingId = await client.buildings.create({ buildingOwnerId: owner.id }, { name: 'Kontorbygg A' });
      const other = await client.buildings.create({ buildingOwnerId: owner.id }, { name: 'Lager B' });
      const building = { buildingOwnerId: owner.id, buildingId };
      const hook = await client.webhooks.create({
        url: receiverUrl,
        events: ['document.processed', 'document.failed'],
      });
      secret = hook.secret;

      for (const [where, name] of [
        [buildingId, 'FDV/Ventilasjon.pdf'],
        [buildingId, 'Tegninger/Plan 1.pdf'],
        [other, 'Annet.pdf'],
      ] as const) {
        await client.documents.upload(
          { buildingOwnerId: owner.id, buildingId: where },
          { filename: name, body: await makePdf([`${name}: drift og vedlikehold av ventilasjonsanlegget.`]) },
        );
      }
      const status = await client.buildings.waitUntilProcessed(building, {
        events: hub,
        intervalMs: 10 * 60_000,
        timeoutMs: 20 * 60_000,
      });
      expect(status).toMatchObject({ total_documents: 2, processed_documents: 2 });
      const ofThisBuilding = received.filter((event) => event.data.building_id === buildingId);
      // one read to begin with and at most one per event of this building; the other building's events woke nothing
      expect(reads.length).toBeLessThanOrEqual(1 + ofThisBuilding.length);
      if (reads[0]!.processed < 2) {
        // the first read found work left: only an event could end a wait whose next poll is ten minutes away
        expect(ofThisBuilding.length).toBeGreaterThanOrEqual(1);
        expect(reads.length).toBeGreaterThanOrEqual(2);
      }

      // without events it polls, as before: a building already processed answers at once
      await expect(client.buildings.waitUntilProcessed(building)).resolves.toMatchObject({ processed_documents: 2 });
    },
  );
});
