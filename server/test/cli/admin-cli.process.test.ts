import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createByggdokClient } from '@byggdok/sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminCallOf, runAdminCli, type AdminCall } from '../../src/cli/admin.cli.js';
import { loadConfig } from '../../src/config/config.js';
import { freePort } from '../helpers/service-process.js';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.js';
import { testEngines } from '../helpers/test-database.js';

/** What an admin call sends over the wire, read off the request the SDK hands to fetch. */
async function sentBy(call: AdminCall): Promise<{ method: string; path: string; body?: unknown }> {
  let sent: { method: string; path: string; body?: unknown } | undefined;
  const client = createByggdokClient({
    baseUrl: 'https://byggdok.test',
    adminToken: ADMIN_TOKEN,
    fetch: async (request) => {
      const text = await request.text();
      sent = {
        method: request.method,
        path: new URL(request.url).pathname,
        ...(text ? { body: JSON.parse(text) } : {}),
      };
      expect(request.headers.get('authorization')).toBe(`Bearer ${ADMIN_TOKEN}`);
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    },
  });
  await call(client);
  return sent!;
}

describe('byggdok admin: command line to admin API call', () => {
  it('reprocesses a building, a document or everything', async () => {
    expect(await sentBy(adminCallOf(['reprocess', '--building', 'bld_123']))).toEqual({
      method: 'POST',
      path: '/admin/reprocess',
      body: { buildingId: 'bld_123' },
    });
    expect(await sentBy(adminCallOf(['reprocess', '--document', '5b0c2a9e-1d0f-4c43-9a47-8f7f3b1c2d10']))).toEqual({
      method: 'POST',
      path: '/admin/reprocess',
      body: { documentId: '5b0c2a9e-1d0f-4c43-9a47-8f7f3b1c2d10' },
    });
    expect(await sentBy(adminCallOf(['reprocess', '--all']))).toEqual({
      method: 'POST',
      path: '/admin/reprocess',
      body: { all: true },
    });
  });

  it('restores a document, escaping the id into the path', async () => {
    expect(await sentBy(adminCallOf(['document', 'restore', '5b0c2a9e-1d0f-4c43-9a47-8f7f3b1c2d10']))).toEqual({
      method: 'POST',
      path: '/admin/documents/5b0c2a9e-1d0f-4c43-9a47-8f7f3b1c2d10/restore',
    });
    expect((await sentBy(adminCallOf(['document', 'restore', 'a/b?c']))).path).toBe(
      '/admin/documents/a%2Fb%3Fc/restore',
    );
  });

  it('sets a password, revoking the person’s personal keys only when asked', async () => {
    const path = '/admin/users/usr_123/password';
    const setPassword = ['user', 'set-password', '--id', 'usr_123', '--password', 'ny frase for Kari 7'];
    expect(await sentBy(adminCallOf(setPassword))).toEqual({
      method: 'PUT',
      path,
      body: { password: 'ny frase for Kari 7' },
    });
    expect(await sentBy(adminCallOf([...setPassword, '--revoke-api-keys']))).toEqual({
      method: 'PUT',
      path,
      body: { password: 'ny frase for Kari 7', revokeApiKeys: true },
    });
  });

  it('explains a document', async () => {
    expect(await sentBy(adminCallOf(['document', 'explain', '5b0c2a9e-1d0f-4c43-9a47-8f7f3b1c2d10']))).toEqual({
      method: 'GET',
      path: '/admin/documents/5b0c2a9e-1d0f-4c43-9a47-8f7f3b1c2d10/explain',
    });
  });

  it('creates keys with the grants and environment given', async () => {
    expect(
      await sentBy(
        adminCallOf([
          'key',
          'create',
          '--partner',
          'prt_1',
          '--owner',
          'o1',
          '--owner',
          'o2',
          '--building',
          'b1',
          '--test',
        ]),
      ),
    ).toEqual({
      method: 'POST',
      path: '/admin/partners/prt_1/keys',
      body: { buildingOwnerIds: ['o1', 'o2'], buildingIds: ['b1'], environment: 'test' },
    });
    expect(await sentBy(adminCallOf(['partner', 'grant-owner', '--partner', 'prt_1', '--owner', 'own_2']))).toEqual({
      method: 'PUT',
      path: '/admin/partners/prt_1/building_owners/own_2',
    });
  });

  it('hands a project over, or dry-runs it, with the checklist country given', async () => {
    const project = '01a20e45-dc00-70be-9553-5ccb0cb89e6e';
    expect(await sentBy(adminCallOf(['project', 'handover', project, '--owner', 'own_1', '--dry-run']))).toEqual({
      method: 'POST',
      path: `/admin/projects/${project}/handover`,
      body: { buildingOwnerId: 'own_1', dryRun: true },
    });
    expect(await sentBy(adminCallOf(['project', 'handover', project, '--owner', 'own_1', '--country', 'GB']))).toEqual({
      method: 'POST',
      path: `/admin/projects/${project}/handover`,
      body: { buildingOwnerId: 'own_1', country: 'GB' },
    });
    expect(() => adminCallOf(['project', 'handover', project])).toThrow('--owner is required');
    expect(() => adminCallOf(['project', 'handover', '--owner', 'own_1'])).toThrow('the project id is required');
    expect(() => adminCallOf(['project', 'handover', project, '--owner', 'o', '--country', 'SE'])).toThrow(
      '--country is NO or GB',
    );
  });

  it('says what is missing instead of calling the API with half a command', () => {
    expect(() => adminCallOf(['reprocess'])).toThrow('reprocess needs --document <id>, --building <id> or --all');
    expect(() => adminCallOf(['document', 'restore'])).toThrow('the document id is required');
    expect(() => adminCallOf(['document', 'explain'])).toThrow('the document id is required');
    expect(() => adminCallOf(['reprocess', '--building'])).toThrow(/argument missing|--building/);
    expect(() => adminCallOf(['key', 'list'])).toThrow('--partner is required');
  });
});

describe.each(testEngines())('byggdok admin against a running service on %s', (engine) => {
  let t: TestApp;
  let base: string;
  let dataDir: string;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'byggdok-admin-cli-'));
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** Runs `byggdok admin <args>` in this process, as main.ts does, and collects what it prints. */
  async function admin(args: string[], env: Record<string, string> = { BYGGDOK_ADMIN_TOKEN: ADMIN_TOKEN }) {
    const stdout: string[] = [];
    const stderr: string[] = [];
    const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (stdout.push(String(chunk)), true));
    const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (stderr.push(String(chunk)), true));
    try {
      const config = loadConfig({ BYGGDOK_DATA_DIR: dataDir, ...env });
      const code = await runAdminCli({ argv: [...args, '--url', base], config });
      return { code, stdout: stdout.join(''), stderr: stderr.join('') };
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
  }

  it('runs every command through the API and prints its JSON', async () => {
    const partner = await admin(['partner', 'create', '--name', 'Acme Proptech']);
    expect(partner.code, partner.stderr).toBe(0);
    const partnerId = JSON.parse(partner.stdout).id as string;
    expect(JSON.parse(partner.stdout)).toMatchObject({ id: partnerId, name: 'Acme Proptech' });
    // pretty-printed, as before the port
    expect(partner.stdout).toBe(`${JSON.stringify(JSON.parse(partner.stdout), null, 2)}\n`);

    const list = await admin(['partner', 'list']);
    expect(JSON.parse(list.stdout).partners.map((p: { id: string }) => p.id)).toContain(partnerId);

    const key = await admin(['key', 'create', '--partner', partnerId, '--name', 'ci', '--test']);
    expect(key.code, key.stderr).toBe(0);
    const created = JSON.parse(key.stdout);
    expect(created.key).toMatch(/^fk_test_/);

    // an owner made with the new key, given to a second partner
    const partnerClient = createByggdokClient({ baseUrl: base, apiKey: created.key });
    const owner = await partnerClient.POST('/v1/building_owners', { body: { name: 'Barcode Properties AS' } });
    const second = JSON.parse((await admin(['partner', 'create', '--name', 'Second'])).stdout).id as string;
    const grant = await admin(['partner', 'grant-owner', '--partner', second, '--owner', owner.data!.id]);
    expect(grant).toEqual({ code: 0, stdout: '{"ok":true}\n', stderr: '' });

    const keys = await admin(['key', 'list', '--partner', partnerId]);
    expect(JSON.parse(keys.stdout).keys.map((k: { id: string }) => k.id)).toEqual([created.id]);

    const revoke = await admin(['key', 'revoke', created.id]);
    expect(revoke).toEqual({ code: 0, stdout: '{"ok":true}\n', stderr: '' });
    const refused = await partnerClient.GET('/v1/building_owners', { params: { query: { limit: 10 } } });
    expect(refused.response.status).toBe(401);

    const reprocess = await admin(['reprocess', '--all']);
    expect(reprocess.code, reprocess.stderr).toBe(0);
    expect(JSON.parse(reprocess.stdout)).toEqual({ enqueued: 0 });
  });

  it('explains a document waiting for a worker: its state and its queued job', async () => {
    const seed = await t.seed();
    // no workers run in this test app: the uploaded document's processing job waits
    const documentId = await t.upload({ seed, filename: 'FDV/Pumpe.txt', bytes: Buffer.from('FDV pumpe') });
    const result = await admin(['document', 'explain', documentId]);
    expect(result.code, result.stderr).toBe(0);
    const explanation = JSON.parse(result.stdout);
    expect(explanation.document).toMatchObject({ id: documentId, uploadState: 'uploaded', processedAt: null });
    expect(explanation.jobs).toEqual([
      expect.objectContaining({ name: 'document.process', state: 'created', retryCount: 0, startedAt: null }),
    ]);
  });

  it('prints the problem the API answered and exits 1', async () => {
    const result = await admin(['document', 'restore', '5b0c2a9e-1d0f-4c43-9a47-8f7f3b1c2d10']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const problem = JSON.parse(result.stderr);
    expect(problem).toMatchObject({ status: 404, code: 'document.not_found' });
    // one line of JSON, as the service sent it
    expect(result.stderr).toBe(`${JSON.stringify(problem)}\n`);

    // a refused token: which one was used, then the problem
    const wrongToken = await admin(['partner', 'list'], { BYGGDOK_ADMIN_TOKEN: 'not-the-operator-token-at-all' });
    expect(wrongToken.code).toBe(1);
    const [said, answered] = wrongToken.stderr.trim().split('\n');
    expect(said).toBe(
      `byggdok admin: ${base} refused the operator token from BYGGDOK_ADMIN_TOKEN. The service uses ` +
        'BYGGDOK_ADMIN_TOKEN where it runs, or the admin-token file in its own data folder.',
    );
    expect(JSON.parse(answered!)).toMatchObject({ status: 401, code: 'auth.invalid_admin_token' });
    // a stale file in the data folder is named with its path; --token comes before everything
    await fs.writeFile(path.join(dataDir, 'admin-token'), 'adm_stale-token-of-an-earlier-run\n');
    const stale = await admin(['partner', 'list'], {});
    expect(stale.stderr).toContain(`refused the operator token from the file ${path.join(dataDir, 'admin-token')}`);
    const flagged = await admin(['partner', 'list', '--token', ADMIN_TOKEN], {
      BYGGDOK_ADMIN_TOKEN: 'not-the-operator-token-at-all',
    });
    expect(flagged.code, flagged.stderr).toBe(0);
    await fs.rm(path.join(dataDir, 'admin-token'));
  });

  it('exits 2 on a usage error or a missing token, without calling the API', async () => {
    const usage = await admin(['key', 'list']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^byggdok admin: --partner is required\n\nbyggdok admin <command>/);
    const noToken = await admin(['partner', 'list'], {});
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toContain(
      `no operator token (looked at --token, BYGGDOK_ADMIN_TOKEN and ${path.join(dataDir, 'admin-token')} (BYGGDOK_DATA_DIR))`,
    );
  });

  it('says the service cannot be reached and exits 1', async () => {
    const stdout: string[] = [];
    const stderr: string[] = [];
    const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (stdout.push(String(chunk)), true));
    const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (stderr.push(String(chunk)), true));
    const nobody = `http://127.0.0.1:${await freePort()}`;
    try {
      const config = loadConfig({ BYGGDOK_DATA_DIR: dataDir, BYGGDOK_ADMIN_TOKEN: ADMIN_TOKEN });
      expect(await runAdminCli({ argv: ['partner', 'list', '--url', nobody], config })).toBe(1);
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
    expect(stdout).toEqual([]);
    expect(stderr.join('')).toMatch(
      new RegExp(`^byggdok admin: cannot reach ${nobody} \\(.+\\); is the service running\\?\\n$`),
    );
  });
});
