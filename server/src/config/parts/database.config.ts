import path from 'node:path';
import { defineConfigPart, type EnvReader } from '../config-part.js';

export interface DatabaseConfig {
  /** absolute; the embedded database, local files and the generated operator token live here */
  dataDir: string;
  /** null: embedded PGlite in `${dataDir}/pglite` */
  databaseUrl: string | null;
}

/** read before the other parts, which keep their files under it */
export function readDataDir(env: EnvReader, cwd: string): string {
  return path.resolve(cwd, env.string('BYGGDOK_DATA_DIR') ?? './data');
}

export const databaseConfig = defineConfigPart({
  variables: [
    {
      name: 'BYGGDOK_DATA_DIR',
      default: '`./data`',
      description: 'data folder: embedded database, local files, generated operator token',
    },
    {
      name: 'DATABASE_URL',
      default: 'unset: PGlite in `$BYGGDOK_DATA_DIR/pglite`',
      description: 'PostgreSQL server (`postgres://...`)',
    },
  ],
  read(env, context): DatabaseConfig {
    return {
      dataDir: context.dataDir,
      databaseUrl: env.url('DATABASE_URL', ['postgres:', 'postgresql:']) ?? null,
    };
  },
});
