import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, firstDifference, renderOpenApiDocument } from '../../src/cli/export-openapi.js';

const COMMITTED = new URL('../../../sdk/openapi.json', import.meta.url);

describe('the OpenAPI document the SDK is generated from', () => {
  it('is committed exactly as a fresh export of the route schemas writes it (else: npm run sdk:generate)', async () => {
    const fresh = renderOpenApiDocument(await buildOpenApiDocument());
    const committed = await readFile(COMMITTED, 'utf8');
    // the first differing line says more than a 17 000-line diff
    if (committed !== fresh) expect(firstDifference(committed, fresh)).toBeUndefined();
    expect(committed).toBe(fresh);
  });

  it('describes the partner and admin APIs once, with nothing host-specific in it', async () => {
    const document = await buildOpenApiDocument();
    const paths = Object.keys(document.paths as object);
    expect(paths).toEqual(expect.arrayContaining(['/v1/building_owners', '/admin/partners', '/admin/reprocess']));
    expect(paths).toContain('/admin/partners/{partnerId}/keys');
    // the unversioned partner routes are the same routes: the document shows the /v1 form only
    expect(paths.filter((p) => p.startsWith('/building_owners'))).toEqual([]);
    expect(paths.filter((p) => p.startsWith('/blobs'))).toEqual([]);
    expect(document).not.toHaveProperty('servers');
    expect([...paths].sort()).toEqual(paths);
  });

  it('is the same on every export', async () => {
    expect(renderOpenApiDocument(await buildOpenApiDocument())).toBe(
      renderOpenApiDocument(await buildOpenApiDocument()),
    );
  });
});
