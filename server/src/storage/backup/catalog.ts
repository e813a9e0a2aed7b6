import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { MIGRATION_TABLES } from '../db/migrations/index.js';
import { SEARCH_SEGMENT_TABLES } from '../search/segments.js';

/**
 * What a backup copies is read from the database catalog, not from a list in code: a table or column added by a later
 * migration is backed up and restored without touching this folder.
 */
export interface CatalogTable {
  name: string;
  /** every column, in table order */
  columns: CatalogColumn[];
  primaryKey: string[];
  /** tables this one references (other than itself) */
  references: string[];
  /** columns that reference this same table (documents.parent_document_id): restored in a second pass */
  selfReferences: string[];
}

export interface CatalogColumn {
  name: string;
  /** as format_type() spells it, for casts: `timestamp(3) with time zone`, `text[]` */
  type: string;
  /**
   * `generated always as (...) stored`, or derived by a trigger from the row's other columns (its comment begins
   * `derived:`, as `document_chunks.tsv`'s does, migration 0050): recomputed by the target, never copied
   */
  generated: boolean;
  /** an identity column: copied with OVERRIDING SYSTEM VALUE, its sequence moved past the copied values */
  identity: boolean;
  /** the column takes its default from a sequence (serial) */
  serial: boolean;
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * `*_key` columns that name no file: a drawing's number as revisions compare it. The catalog test lists every file key
 * column exactly, so a new `*_key` column fails it until it is either a file key or named here.
 */
const NOT_BLOB_KEYS = new Set(['drawing_key']);

/**
 * The text columns whose values are keys in the blob store. By convention such a column's name ends in `_key`
 * (`documents.blob_key`, `documents.preview_key`); a new column of that shape is picked up by backups on its own.
 * A `*_key` column that names no file is listed in {@link NOT_BLOB_KEYS}.
 */
export function isBlobKeyColumn(column: CatalogColumn): boolean {
  return (
    /_key$/.test(column.name) &&
    !NOT_BLOB_KEYS.has(column.name) &&
    !column.generated &&
    (column.type === 'text' || column.type.startsWith('char'))
  );
}

/** Our tables in the current schema (pg-boss keeps its own schema), parents before children. */
export async function readCatalog(db: Kysely<DB>): Promise<CatalogTable[]> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
    order by table_name`.execute(db);
  const columns = await sql<{
    table: string;
    name: string;
    type: string;
    generated: boolean;
    identity: boolean;
    serial: boolean;
  }>`
    select c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
           a.attgenerated <> '' or coalesce(col_description(a.attrelid, a.attnum) like 'derived:%', false) as generated,
           a.attidentity <> '' as identity,
           coalesce(pg_get_expr(d.adbin, d.adrelid) like 'nextval(%', false) as serial
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p')
      and a.attnum > 0 and not a.attisdropped
    order by c.relname, a.attnum`.execute(db);
  const keys = await sql<{ table: string; kind: string; columns: string[]; referenced: string | null }>`
    select c.relname as table, k.contype as kind, r.relname as referenced,
           array(select a.attname::text from unnest(k.conkey) with ordinality u(attnum, n)
                 join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.attnum order by u.n) as columns
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    left join pg_class r on r.oid = k.confrelid
    where k.connamespace = current_schema()::regnamespace and k.contype in ('p', 'f')`.execute(db);

  // the search segments and their change log are derived, and tied to this cluster's transaction ids: a restored
  // target builds its own (storage/search/segments.ts)
  const skipped = new Set<string>([...MIGRATION_TABLES, ...SEARCH_SEGMENT_TABLES]);
  const byName = new Map<string, CatalogTable>();
  for (const { name } of tables.rows) {
    if (skipped.has(name)) continue;
    byName.set(name, { name, columns: [], primaryKey: [], references: [], selfReferences: [] });
  }
  for (const column of columns.rows) {
    const { table, ...rest } = column;
    byName.get(table)?.columns.push(rest);
  }
  for (const key of keys.rows) {
    const table = byName.get(key.table);
    if (!table) continue;
    if (key.kind === 'p') table.primaryKey = key.columns;
    else if (key.referenced === key.table) table.selfReferences.push(...key.columns);
    else if (key.referenced !== null && !table.references.includes(key.referenced))
      table.references.push(key.referenced);
  }
  return orderByReferences([...byName.values()]);
}

/** Parents before children (Kahn's algorithm, ties by name so every backup lists tables in the same order). */
export function orderByReferences(tables: CatalogTable[]): CatalogTable[] {
  const names = new Set(tables.map((t) => t.name));
  const done = new Set<string>();
  const ordered: CatalogTable[] = [];
  const remaining = [...tables].sort((a, b) => a.name.localeCompare(b.name));
  while (remaining.length > 0) {
    const index = remaining.findIndex((t) => t.references.every((r) => done.has(r) || !names.has(r)));
    if (index < 0) {
      throw new Error(
        `the foreign keys of ${remaining.map((t) => t.name).join(', ')} form a cycle; backups cannot order them`,
      );
    }
    const [table] = remaining.splice(index, 1) as [CatalogTable];
    done.add(table.name);
    ordered.push(table);
  }
  return ordered;
}

/** The columns a backup copies: all but the generated and derived ones. */
export function copiedColumns(table: CatalogTable): CatalogColumn[] {
  return table.columns.filter((c) => !c.generated);
}
