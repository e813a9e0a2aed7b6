/**
 * Uploads every file of a folder to a building (folders kept), four at a time, skipping files the building already
 * has, then waits until they are processed.
 *
 *   BYGGDOK_URL=http://localhost:8080 BYGGDOK_API_KEY=fk_live_... \
 *     npx tsx upload-folder.ts <folder> <buildingOwnerId> <buildingId>
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createByggdokClient } from '@byggdok/sdk';

const [folder, buildingOwnerId, buildingId] = process.argv.slice(2);
if (!folder || !buildingOwnerId || !buildingId)
  throw new Error('usage: upload-folder.ts <folder> <owner id> <building id>');
const client = createByggdokClient({ baseUrl: process.env.BYGGDOK_URL!, apiKey: process.env.BYGGDOK_API_KEY! });
const building = { buildingOwnerId, buildingId };

const present = new Set<string>();
for await (const document of client.documents.iterate(building, { limit: 1000 }))
  if (document.md5Checksum) present.add(document.md5Checksum);

const files = (await readdir(folder, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
let next = 0;
async function worker(): Promise<void> {
  for (let index = next++; index < files.length; index = next++) {
    const entry = files[index]!;
    const full = path.join(entry.parentPath, entry.name);
    const body = await readFile(full);
    if (present.has(createHash('md5').update(body).digest('hex'))) continue;
    // the name relative to the folder becomes the document's originalPath
    const filename = path.relative(folder!, full).split(path.sep).join('/');
    const { documentId } = await client.documents.upload(building, { filename, body });
    console.log(documentId, filename);
  }
}
await Promise.all([worker(), worker(), worker(), worker()]);

const status = await client.buildings.waitUntilProcessed(building);
console.log(`${status.processed_documents} of ${status.total_documents} documents processed`);
