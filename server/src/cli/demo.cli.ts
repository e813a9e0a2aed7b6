import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createByggdokClient } from '@byggdok/sdk';
import type { Config } from '../config/config.js';
import { operatorToken, optionValue } from './admin.cli.js';
import { filesOf, ok, serviceUrl, UsageError } from './cli-calls.js';

/** the demo documents shipped with the repository (examples/demo), beside this file's package */
const DEMO_FOLDER = fileURLToPath(new URL('../../../examples/demo', import.meta.url));
const NAMES = { partner: 'byggdok demo', owner: 'Demo Eiendom AS', building: 'Demo Kontorbygg' };

/**
 * `byggdok demo`: a partner, a key, a building owner and a building with the demo documents (Norwegian and English;
 * PDF, Word, Excel, a drawing), made through the running service's own API. Run again, it finds what it made and
 * uploads only what is missing (a new key each time: a key is shown once). The owner is linked to a customer so the
 * first administrator sees the building in the web app.
 */
export async function runDemoCli(params: { argv: string[]; config: Config }): Promise<number> {
  try {
    return await makeDemo(params.argv, params.config);
  } catch (error) {
    // a refusal or a failed upload is said in one line
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`byggdok demo: ${error.message}\n`);
    return 1;
  }
}

async function makeDemo(argv: string[], config: Config): Promise<number> {
  const found = await operatorToken(argv, config);
  if (found.token === null) {
    process.stderr.write(`byggdok demo: no operator token (looked at ${found.looked}). Is the service started?\n`);
    return 2;
  }
  const base = serviceUrl(optionValue(argv, 'url') ?? config.adminUrl ?? config.http.publicUrl, config);
  const operator = createByggdokClient({
    baseUrl: base,
    adminToken: found.token,
    allowInsecureHttp: config.allowPlainHttp,
  });

  const partners = await ok('listing partners', operator.GET('/admin/partners'));
  const partner =
    partners.partners.find((p) => p.name === NAMES.partner) ??
    (await ok('creating the partner', operator.POST('/admin/partners', { body: { name: NAMES.partner } })));
  const { key } = await ok(
    'creating a key',
    operator.POST('/admin/partners/{partnerId}/keys', {
      params: { path: { partnerId: partner.id } },
      body: { name: `demo ${new Date().toISOString()}` },
    }),
  );
  const client = createByggdokClient({ baseUrl: base, apiKey: key, allowInsecureHttp: config.allowPlainHttp });
  const owners = await ok('listing owners', client.GET('/v1/building_owners', { params: { query: { limit: 100 } } }));
  const owner =
    owners.buildingOwners.find((o) => o.name === NAMES.owner) ??
    (await ok('creating the owner', client.POST('/v1/building_owners', { body: { name: NAMES.owner } })));
  const ownerPath = { buildingOwnerId: owner.id };
  const buildings = await ok(
    'listing buildings',
    client.GET('/v1/building_owners/{buildingOwnerId}/buildings', {
      params: { path: ownerPath, query: { limit: 1000 } },
    }),
  );
  const buildingId =
    buildings.buildings.find((b) => b.name === NAMES.building)?.id ??
    (await ok(
      'creating the building',
      client.PUT('/v1/building_owners/{buildingOwnerId}/buildings', {
        params: { path: ownerPath },
        body: { name: NAMES.building },
      }),
    ));
  const buildingPath = { ...ownerPath, buildingId };
  const present = await ok(
    'listing documents',
    client.GET('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/documents', {
      params: {
        path: buildingPath,
        query: { limit: 1000, sort_by: 'createdAt', sort_order: 'asc', latest_revisions: false },
      },
    }),
  );
  const have = new Set(present.documents.map((d) => d.originalPath ?? d.filename));
  let uploaded = 0;
  for (const { full, name: file } of await filesOf(DEMO_FOLDER)) {
    if (have.has(file)) continue;
    await client.documents
      .upload(buildingPath, { filename: file, body: await fs.readFile(full) })
      .catch((error: Error) => {
        throw new UsageError(`uploading ${file}: ${error.message}`);
      });
    uploaded += 1;
  }
  // the web app shows an owner to the people of a customer linked to it
  const customers = await ok('listing customers', operator.GET('/admin/customers'));
  if (!customers.customers.some((c) => c.buildingOwnerId === owner.id)) {
    await ok(
      'linking a customer',
      operator.POST('/admin/customers', { body: { name: NAMES.owner, buildingOwnerId: owner.id } }),
    );
  }

  const summary = {
    partnerId: partner.id,
    key,
    buildingOwnerId: owner.id,
    buildingId,
    documents: { uploaded, alreadyThere: have.size },
    webApp: `${base}/app/owners/${owner.id}/buildings/${buildingId}`,
    signIn: `the first administrator in ${path.join(config.dataDir, 'first-admin.txt')}`,
  };
  if (argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
    return 0;
  }
  const api = `${base}/v1/building_owners/${owner.id}/buildings/${buildingId}`;
  process.stdout.write(
    [
      `Demo building "${NAMES.building}" of "${NAMES.owner}": ${uploaded} documents uploaded, ${have.size} already there.`,
      `  KEY=${key}   (shown once; byggdok demo makes a new one each run)`,
      `  owner ${owner.id}, building ${buildingId}`,
      '',
      'Processing takes a few seconds. Then:',
      `  curl -H "x-api-key: $KEY" '${api}/search?query=filter'`,
      `  curl -X POST -H "x-api-key: $KEY" -H 'content-type: application/json' \\`,
      `    -d '{"query":"Hvor ofte skal filteret byttes?"}' '${api}/ask'`,
      '',
      `In the browser: ${summary.webApp}`,
      `  (sign in as ${summary.signIn})`,
      '',
    ].join('\n'),
  );
  return 0;
}
