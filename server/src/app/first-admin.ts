import fs from 'node:fs/promises';
import path from 'node:path';
import type { UsersService } from '../domain/people/users.service.js';

export const FIRST_ADMIN_FILE = 'first-admin.txt';
export const FIRST_ADMIN_EMAIL = 'admin@byggdok.local';

/**
 * Zero setup: on the first start of a service that signs people in itself (no OIDC_ISSUER) and knows nobody, a
 * platform administrator with a generated password, written to the data folder with mode 0600 (like the operator
 * token). The password works once: the first sign-in asks for the person's own. Returns the file's path when it was
 * written now.
 */
export async function createFirstAdministrator(params: {
  users: UsersService;
  dataDir: string;
}): Promise<string | null> {
  const admin = await params.users.createFirstAdministrator({ email: FIRST_ADMIN_EMAIL });
  if (!admin) return null;
  await fs.mkdir(params.dataDir, { recursive: true });
  const file = path.join(params.dataDir, FIRST_ADMIN_FILE);
  const text = [
    '# The first platform administrator of the embedded sign-in. This password works once: at the first sign-in you',
    '# choose your own password (and may replace the e-mail with your own). Should that page be left unsaved:',
    '#   byggdok admin user set-password --email <e-mail> --password <new password>',
    `email=${admin.email}`,
    `password=${admin.password}`,
    '',
  ].join('\n');
  await fs.writeFile(file, text, { mode: 0o600 });
  // an existing file keeps its mode on overwrite
  await fs.chmod(file, 0o600);
  return file;
}
