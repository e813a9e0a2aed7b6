/**
 * Writes a CSV of every document of every building an owner has: path, NS 3451 category, discipline, information
 * type. The iterators fetch page after page as the loop reads them.
 *
 *   BYGGDOK_URL=... BYGGDOK_API_KEY=... npx tsx classification-csv.ts <buildingOwnerId> > documents.csv
 */
import { createByggdokClient } from '@byggdok/sdk';

const [buildingOwnerId] = process.argv.slice(2);
if (!buildingOwnerId) throw new Error('usage: classification-csv.ts <owner id>');
const client = createByggdokClient({ baseUrl: process.env.BYGGDOK_URL!, apiKey: process.env.BYGGDOK_API_KEY! });

const cell = (value: string | null | undefined): string => `"${(value ?? '').replaceAll('"', '""')}"`;
console.log('building,path,category,discipline,information_type');
for await (const building of client.buildings.iterate({ buildingOwnerId })) {
  for await (const document of client.documents.iterate({ buildingOwnerId, buildingId: building.id })) {
    console.log(
      [
        building.name,
        document.originalPath ?? document.filename,
        document.buildingCategory,
        document.discipline,
        document.informationType,
      ]
        .map(cell)
        .join(','),
    );
  }
}
