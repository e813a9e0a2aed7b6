import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isBlobKeyColumn,
  orderByReferences,
  readCatalog,
  type CatalogTable,
} from '../../../src/storage/backup/catalog.js';
import type { Database } from '../../../src/storage/db/database.js';
import { createTestDatabase, testEngines } from '../../helpers/test-database.js';

const table = (name: string, references: string[] = []): CatalogTable => ({
  name,
  columns: [],
  primaryKey: ['id'],
  references,
  selfReferences: [],
});

describe('the order tables are restored in', () => {
  it('puts every table after the tables it references, and lists the same schema the same way every time', () => {
    const ordered = orderByReferences([
      table('report_items', ['reports', 'buildings']),
      table('buildings', ['owners']),
      table('reports', ['buildings']),
      table('owners'),
      table('settings'),
    ]).map((t) => t.name);
    expect(ordered).toEqual(['owners', 'buildings', 'reports', 'report_items', 'settings']);
  });

  it('says which tables form a cycle of foreign keys instead of restoring half of them', () => {
    expect(() => orderByReferences([table('a', ['b']), table('b', ['a']), table('c')])).toThrow(
      'the foreign keys of a, b form a cycle',
    );
  });
});

describe.each(testEngines())('the schema as a backup reads it from the catalog, on %s', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.close());

  it('finds the blob key columns, generated and identity columns, and the self-reference of documents', async () => {
    const catalog = await readCatalog(database.db);
    const names = catalog.map((t) => t.name);
    expect(names).not.toContain('schema_migrations');
    expect(names).toEqual(expect.arrayContaining(['documents', 'document_chunks', 'search_documents', 'settings']));

    const keys = catalog.flatMap((t) => t.columns.filter(isBlobKeyColumn).map((c) => `${t.name}.${c.name}`));
    expect(keys).toEqual(['documents.blob_key', 'documents.preview_key', 'zip_archives.blob_key']);

    const chunks = catalog.find((t) => t.name === 'document_chunks')!;
    expect(chunks.columns.filter((c) => c.generated).map((c) => c.name)).toEqual(['tsv']);
    expect(chunks.columns.find((c) => c.name === 'id')).toMatchObject({ identity: true, type: 'bigint' });

    const documents = catalog.find((t) => t.name === 'documents')!;
    expect(documents.selfReferences.sort()).toEqual([
      'duplicate_of',
      'parent_document_id',
      'replaces_document_id',
      'superseded_by',
    ]);
    // and the construction side: the project, delivery and subcontractor an upload answered
    expect(documents.references.sort()).toEqual([
      'building_owners',
      'buildings',
      'deliveries',
      'projects',
      'subcontractors',
    ]);
    expect(documents.columns.find((c) => c.name === 'created_at')?.type).toBe('timestamp(3) with time zone');
  });

  it('picks up a table a later migration adds, in its place among the others, with no change to the backup code', async () => {
    await sql`
      create table inspection_photos (
        id bigserial primary key,
        document_id uuid not null references documents (id),
        thumbnail_key text
      )`.execute(database.db);
    const catalog = await readCatalog(database.db);
    const names = catalog.map((t) => t.name);
    expect(names.indexOf('inspection_photos')).toBeGreaterThan(names.indexOf('documents'));
    const photos = catalog.find((t) => t.name === 'inspection_photos')!;
    expect(photos.columns.find((c) => c.name === 'id')).toMatchObject({ serial: true, identity: false });
    expect(photos.columns.filter(isBlobKeyColumn).map((c) => c.name)).toEqual(['thumbnail_key']);
  });
});
