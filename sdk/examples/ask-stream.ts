/**
 * Asks a question about a building's documents and writes the answer as it arrives, then its sources.
 *
 *   BYGGDOK_URL=... BYGGDOK_API_KEY=... npx tsx ask-stream.ts <buildingOwnerId> <buildingId> "Hvilken brannklasse ...?"
 */
import { createByggdokClient, isProblem } from '@byggdok/sdk';

const [buildingOwnerId, buildingId, query] = process.argv.slice(2);
if (!buildingOwnerId || !buildingId || !query)
  throw new Error('usage: ask-stream.ts <owner id> <building id> <question>');
const client = createByggdokClient({ baseUrl: process.env.BYGGDOK_URL!, apiKey: process.env.BYGGDOK_API_KEY! });

try {
  for await (const event of client.ask.stream({ buildingOwnerId, buildingId, input: { query } })) {
    if (event.type === 'text') process.stdout.write(event.data.text);
    if (event.type === 'error') console.error(`\nthe answer failed: ${event.data.message}`);
    if (event.type === 'finish') {
      const names = new Map(event.data.cited_documents.map((d) => [d.id, d.filename]));
      process.stdout.write('\n');
      for (const [n, c] of Object.entries(event.data.citations))
        console.log(`[${n}] ${names.get(c.document_id)}, page ${c.page_number ?? '-'}: ${c.cited_text}`);
    }
  }
} catch (error) {
  // refused before the first event: a typed problem with the API's stable code
  if (isProblem(error, 'building.not_found')) console.error('no such building for this key');
  else throw error;
}
