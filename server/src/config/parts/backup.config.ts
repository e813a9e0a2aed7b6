import { defineConfigPart } from '../config-part.js';

export interface BackupConfig {
  /** the key `byggdok backup` signs a backup's manifest with and `restore` / `verify-backup` require; null: unsigned */
  signingKey: string | null;
}

export const backupConfig = defineConfigPart({
  variables: [
    {
      name: 'BYGGDOK_BACKUP_KEY',
      default: 'unset: backups are not signed',
      description:
        'a key (32 characters or more) `byggdok backup` signs each backup with (HMAC-SHA256 of its manifest, which holds the SHA-256 of every file); set, `restore` and `verify-backup` refuse a backup that is unsigned, altered or signed with another key. Keep it apart from the backups, as the operator token',
    },
  ],
  read(env): { backup: BackupConfig } {
    return { backup: { signingKey: env.secret('BYGGDOK_BACKUP_KEY', 32) } };
  },
});
