import { defineConfigPart } from '../config-part.js';

export interface AdminConfig {
  /** null: generated on first start and stored in `${dataDir}/admin-token` */
  adminToken: string | null;
  /** where `byggdok admin` finds the admin API (null: the public URL) */
  adminUrl: string | null;
  /** the partner API key `byggdok upload`, `search`, `ask` and `mcp` use when no --key is given */
  partnerApiKey: string | null;
  /** the CLI may send its key or token over plain http to a host other than this machine */
  allowPlainHttp: boolean;
}

export const adminConfig = defineConfigPart({
  variables: [
    {
      name: 'BYGGDOK_ADMIN_TOKEN',
      default: 'unset: generated on first start into `$BYGGDOK_DATA_DIR/admin-token` (0600)',
      description:
        'operator token for the admin API and CLI (at least 24 characters); set it when several API processes run',
    },
    { name: 'BYGGDOK_ADMIN_URL', default: '`$BYGGDOK_PUBLIC_URL`', description: 'where the CLI finds the admin API' },
    {
      name: 'BYGGDOK_API_KEY',
      default: 'unset',
      description:
        'a partner API key for `byggdok upload`, `search`, `ask` and `mcp` (the CLI only; `--key` overrides it)',
    },
    {
      name: 'BYGGDOK_ALLOW_HTTP',
      default: '`false`',
      description:
        '`true`: the CLI sends its key or operator token over plain `http://` to another host (a closed network you trust); otherwise only `https://` or a loopback address',
    },
  ],
  read(env): AdminConfig {
    return {
      adminToken: env.secret('BYGGDOK_ADMIN_TOKEN', 24),
      adminUrl: env.string('BYGGDOK_ADMIN_URL') ?? null,
      partnerApiKey: env.string('BYGGDOK_API_KEY') ?? null,
      allowPlainHttp: env.boolean('BYGGDOK_ALLOW_HTTP', false),
    };
  },
});
