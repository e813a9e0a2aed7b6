/**
 * A file-storage provider for the tests, in this process on a real port: an OAuth 2 authorization server
 * (oidc-provider: authorization code with PKCE, refresh tokens, rotating them) and a file API in Microsoft Graph's
 * shape (a folder's children by path, an item's content) that takes only access tokens the server issued and that are
 * still valid. `decide` scripts the next consent: granted, or denied with access_denied; `holdDownload` keeps a
 * download waiting while a test changes something under the import; `rewriteNextLink` and `redirectContent` make it
 * a hostile provider that sends the service elsewhere.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface StoredFile {
  path: string;
  bytes: Buffer;
  mimeType?: string;
}

export interface StorageProviderServer {
  url: string;
  authorizeUrl: string;
  tokenUrl: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** the next consent */
  decide(answer: 'grant' | 'deny'): void;
  /**
   * the file API answers `after` more downloads (none unless told), then keeps the next one waiting until `release`;
   * `reached` settles when that one has come in
   */
  holdDownload(after?: number): { reached: Promise<void>; release(): void };
  /** access tokens the file API turned away */
  refused: number;
  /** a hostile provider: each listing's next page made this (null: the provider's own) */
  rewriteNextLink: ((next: string) => string) | null;
  /** a hostile provider: a file's content answered with a redirect to this URL (null: the bytes themselves) */
  redirectContent: ((itemId: string) => string | null) | null;
  close(): Promise<void>;
}

export async function startStorageProviderServer(params: {
  redirectUri: string;
  files: StoredFile[];
}): Promise<StorageProviderServer> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'byggdok-files';
  const clientSecret = 'files-secret-0123456789abcdef';
  let answer: 'grant' | 'deny' = 'grant';
  let hold: { after: number; arrived(): void; released: Promise<void> } | null = null;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [params.redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    scopes: ['offline_access', 'files.read'],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    rotateRefreshToken: true,
    issueRefreshToken: async () => true,
    async findAccount(_ctx, sub) {
      return { accountId: sub, claims: () => ({ sub }) };
    },
    async loadExistingGrant(ctx) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('offline_access files.read');
      await grant.save();
      return grant;
    },
  });

  // the folders and files, by path
  const byPath = new Map(params.files.map((file, index) => [file.path, { ...file, id: `item-${index}` }]));
  const byId = new Map([...byPath.values()].map((file) => [file.id, file]));
  function children(folder: string) {
    const prefix = folder ? `${folder}/` : '';
    const seen = new Map<string, { id: string; name: string; folder?: object; file?: object; size?: number }>();
    for (const file of byPath.values()) {
      if (!file.path.startsWith(prefix)) continue;
      const [name, ...rest] = file.path.slice(prefix.length).split('/');
      if (rest.length > 0) seen.set(name!, { id: `folder:${prefix}${name}`, name: name!, folder: { childCount: 1 } });
      else
        seen.set(name!, {
          id: file.id,
          name: name!,
          size: file.bytes.length,
          file: { mimeType: file.mimeType ?? 'application/pdf' },
        });
    }
    return [...seen.values()];
  }

  const handle = provider.callback();
  const result: StorageProviderServer = {
    url: issuer,
    authorizeUrl: `${issuer}/auth`,
    tokenUrl: `${issuer}/token`,
    apiUrl: `${issuer}/v1.0`,
    clientId,
    clientSecret,
    decide(next) {
      answer = next;
    },
    holdDownload(after = 0) {
      let arrived!: () => void;
      let release!: () => void;
      const reached = new Promise<void>((resolve) => (arrived = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      hold = { after, arrived, released };
      return { reached, release };
    },
    refused: 0,
    rewriteNextLink: null,
    redirectContent: null,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  server.on('request', (request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', issuer);
      if (/^\/interaction\//.test(url.pathname)) {
        if (answer === 'deny') {
          const refusal = { error: 'access_denied', error_description: 'The person said no' };
          await provider.interactionFinished(request, response, refusal, { mergeWithLastSubmission: false });
          return;
        }
        // the person signs in, then (asked with prompt=consent) grants the scopes asked for
        const details = await provider.interactionDetails(request, response);
        if (details.prompt.name === 'login') {
          await provider.interactionFinished(
            request,
            response,
            { login: { accountId: 'person-1' } },
            {
              mergeWithLastSubmission: false,
            },
          );
          return;
        }
        const grant = new provider.Grant({ clientId, accountId: details.session!.accountId });
        grant.addOIDCScope(String(details.params.scope));
        const grantId = await grant.save();
        await provider.interactionFinished(
          request,
          response,
          { consent: { grantId } },
          { mergeWithLastSubmission: true },
        );
        return;
      }
      if (url.pathname.startsWith('/v1.0/')) {
        const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
        const valid = token ? await provider.AccessToken.find(token) : undefined;
        if (!valid || valid.isExpired) {
          result.refused += 1;
          response
            .writeHead(401, { 'content-type': 'application/json' })
            .end('{"error":{"code":"InvalidAuthenticationToken"}}');
          return;
        }
        const content = /^\/v1\.0\/me\/drive\/items\/([^/]+)\/content$/.exec(url.pathname);
        if (content) {
          const file = byId.get(decodeURIComponent(content[1]!));
          if (!file) return void response.writeHead(404).end();
          const elsewhere = result.redirectContent?.(file.id) ?? null;
          if (elsewhere && !url.searchParams.has('direct')) {
            return void response.writeHead(302, { location: elsewhere }).end();
          }
          if (hold && hold.after-- === 0) {
            const held = hold;
            hold = null;
            held.arrived();
            await held.released;
          }
          response.writeHead(200, {
            'content-type': file.mimeType ?? 'application/pdf',
            'content-length': file.bytes.length,
          });
          response.end(file.bytes);
          return;
        }
        const root = url.pathname === '/v1.0/me/drive/root/children';
        const byFolder = /^\/v1\.0\/me\/drive\/root:\/(.+):\/children$/.exec(url.pathname);
        if (root || byFolder) {
          const folder = byFolder ? decodeURIComponent(byFolder[1]!) : '';
          // two items a page, to walk the pages
          const all = children(folder);
          const skip = Number(url.searchParams.get('skip') ?? 0);
          const own = skip + 2 < all.length ? `${issuer}${url.pathname}?skip=${skip + 2}` : undefined;
          const next = own && result.rewriteNextLink ? result.rewriteNextLink(own) : own;
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(
            JSON.stringify({ value: all.slice(skip, skip + 2), ...(next ? { '@odata.nextLink': next } : {}) }),
          );
          return;
        }
        response.writeHead(404).end();
        return;
      }
      await handle(request, response);
    })().catch((error: unknown) => {
      console.error(error);
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  return result;
}
