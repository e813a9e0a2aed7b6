import { defineConfigPart } from '../config-part.js';

/** A file-storage provider people connect with OAuth 2 (OneDrive/SharePoint through Microsoft Graph by default). */
export interface StorageProviderConfig {
  authorizeUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  /** the provider's file API (Microsoft Graph's shape: /me/drive/root:/<path>:/children, /me/drive/items/<id>/content) */
  apiUrl: string;
  /** 32 bytes (AES-256-GCM) that encrypt the refresh tokens at rest */
  tokenKey: Buffer;
}

const NAMES = [
  'STORAGE_PROVIDER_AUTHORIZE_URL',
  'STORAGE_PROVIDER_TOKEN_URL',
  'STORAGE_PROVIDER_CLIENT_ID',
  'STORAGE_PROVIDER_CLIENT_SECRET',
  'STORAGE_PROVIDER_TOKEN_KEY',
] as const;

export const storageProviderConfig = defineConfigPart({
  variables: [
    {
      name: 'STORAGE_PROVIDER_AUTHORIZE_URL',
      default: 'unset: no storage-provider connection',
      description:
        'the OAuth 2 authorization endpoint of the file-storage provider people connect (`https://login.microsoftonline.com/<tenant>/oauth2/v2.0/authorize`)',
    },
    {
      name: 'STORAGE_PROVIDER_TOKEN_URL',
      default: 'unset',
      description: 'its token endpoint (required with the authorize URL)',
    },
    {
      name: 'STORAGE_PROVIDER_CLIENT_ID',
      default: 'unset',
      description:
        'the client registered with the provider; its redirect URI is `<public URL>/integrations/storage-provider/oauth/callback`',
    },
    { name: 'STORAGE_PROVIDER_CLIENT_SECRET', default: 'unset', description: 'that client’s secret (never logged)' },
    {
      name: 'STORAGE_PROVIDER_SCOPES',
      default: '`offline_access Files.Read.All`',
      description: 'the scopes asked for, space-separated (a refresh token needs `offline_access` at most providers)',
    },
    {
      name: 'STORAGE_PROVIDER_API_URL',
      default: '`https://graph.microsoft.com/v1.0`',
      description: 'the provider’s file API, in Microsoft Graph’s shape',
    },
    {
      name: 'STORAGE_PROVIDER_TOKEN_KEY',
      default: 'unset',
      description:
        '32 bytes, base64: the key that encrypts stored refresh tokens (AES-256-GCM); required with the provider',
    },
  ],
  read(env): { storageProvider: StorageProviderConfig | null } {
    const authorizeUrl = env.url('STORAGE_PROVIDER_AUTHORIZE_URL', ['http:', 'https:']);
    const tokenUrl = env.url('STORAGE_PROVIDER_TOKEN_URL', ['http:', 'https:']);
    const clientId = env.string('STORAGE_PROVIDER_CLIENT_ID');
    const clientSecret = env.string('STORAGE_PROVIDER_CLIENT_SECRET');
    const rawKey = env.string('STORAGE_PROVIDER_TOKEN_KEY');
    const apiUrl = env.url('STORAGE_PROVIDER_API_URL', ['http:', 'https:']) ?? 'https://graph.microsoft.com/v1.0';
    const scopes = env.string('STORAGE_PROVIDER_SCOPES') ?? 'offline_access Files.Read.All';
    const given = [authorizeUrl, tokenUrl, clientId, clientSecret, rawKey];
    if (given.every((value) => value === undefined)) return { storageProvider: null };
    NAMES.forEach((name, index) => {
      if (given[index] === undefined) env.problem(name, 'is required when a storage provider is configured');
    });
    const tokenKey = rawKey ? Buffer.from(rawKey, 'base64') : Buffer.alloc(0);
    if (rawKey && tokenKey.length !== 32) env.problem('STORAGE_PROVIDER_TOKEN_KEY', 'must be 32 bytes, base64');
    if (!authorizeUrl || !tokenUrl || !clientId || !clientSecret || tokenKey.length !== 32) {
      return { storageProvider: null };
    }
    return {
      storageProvider: {
        authorizeUrl,
        tokenUrl,
        clientId,
        clientSecret,
        scopes,
        apiUrl: apiUrl.replace(/\/+$/, ''),
        tokenKey,
      },
    };
  },
});
