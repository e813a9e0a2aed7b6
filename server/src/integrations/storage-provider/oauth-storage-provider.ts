import { lookup } from 'node:dns/promises';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import * as client from 'openid-client';
import type { StorageProviderConfig } from '../../config/config.js';
import {
  ListingRefusedError,
  ListingTooLargeError,
  ProviderRefusedError,
  type ProviderItem,
  type StorageProviderClient,
} from '../../domain/storage-provider/storage-provider.service.js';
import { isForbiddenAddress } from '../../domain/webhooks/target-addresses.js';

const TIMEOUT_SECONDS = 15;
/** redirects of one download followed at most (Graph answers one, to the file's pre-authenticated URL) */
const MAX_REDIRECTS = 3;

/**
 * A folder's listing, page after page from `first`: each page's URL asked for once (a provider that sends a page
 * again is not followed round), only on the provider's API, and at most `most` entries (items, and a page counting at
 * least one: a provider sending empty pages without end is stopped too).
 */
export async function walkPages(
  first: string,
  page: (url: string) => Promise<{ count: number; next: string | null }>,
  options: { most: number; onApi(url: string): boolean },
): Promise<void> {
  const seen = new Set<string>();
  let taken = 0;
  let next: string | null = first;
  while (next !== null) {
    seen.add(next);
    const answer = await page(next);
    taken += Math.max(answer.count, 1);
    if (taken > options.most) throw new ListingTooLargeError(options.most);
    next = answer.next;
    if (next !== null && !options.onApi(next)) {
      throw new ListingRefusedError('the storage provider listed a next page outside its API: not followed');
    }
    if (next !== null && seen.has(next)) {
      throw new ListingRefusedError('the storage provider listed the same page again: not followed');
    }
  }
}

/** one answer of a download's hop */
interface Hop {
  status: number;
  header(name: string): string | null;
  body: Readable | null;
}

/**
 * A GET to a URL outside the provider's API (where its content answer redirects): https only, without the access
 * token, to a host whose every address is outside the service's own network, connected to the address checked (a
 * name that resolves elsewhere by the time of the connection, DNS rebinding, cannot reach inside). Redirects are
 * handed back, not followed.
 */
async function outsideGet(url: URL): Promise<Hop> {
  if (url.protocol !== 'https:') throw new Error('the storage provider sent the file to a URL that is not https');
  if (url.username || url.password) throw new Error('the storage provider sent the file to a URL with a password');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await lookup(host, { all: true, verbatim: true }).catch(() => []);
  if (addresses.length === 0) throw new Error('the storage provider sent the file to a host that does not resolve');
  if (addresses.some((a) => isForbiddenAddress(a.address))) {
    throw new Error("the storage provider sent the file to an address inside the service's network: not fetched");
  }
  const { address, family } = addresses[0]!;
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  return new Promise<Hop>((resolve, reject) => {
    const request = https.get(url, { lookup: pinned, agent: false, timeout: TIMEOUT_SECONDS * 1000 }, (response) => {
      resolve({
        status: response.statusCode ?? 0,
        header: (name) => {
          const value = response.headers[name.toLowerCase()];
          return typeof value === 'string' ? value : null;
        },
        body: response,
      });
    });
    request.on('timeout', () => request.destroy(new Error("the storage provider's file did not come")));
    request.on('error', reject);
  });
}

interface GraphItem {
  id: string;
  name: string;
  size?: number;
  file?: { mimeType?: string };
  folder?: unknown;
}

/**
 * The storage provider over OAuth 2 (openid-client 6 with the endpoints configured, no discovery: most storage
 * providers are OAuth servers, not OpenID providers) and its file API in Microsoft Graph's shape (OneDrive and
 * SharePoint): a folder's children by path, page after page, and an item's content.
 */
export function createOAuthStorageProvider(settings: StorageProviderConfig): StorageProviderClient {
  const authorize = new URL(settings.authorizeUrl);
  const config = new client.Configuration(
    { issuer: authorize.origin, authorization_endpoint: settings.authorizeUrl, token_endpoint: settings.tokenUrl },
    settings.clientId,
    { timeout: TIMEOUT_SECONDS },
    client.ClientSecretBasic(settings.clientSecret),
  );
  if (authorize.protocol === 'http:' || new URL(settings.tokenUrl).protocol === 'http:') {
    client.allowInsecureRequests(config);
  }

  const apiBase = new URL(settings.apiUrl);
  /**
   * whether a URL is the provider's API (its origin, under its path): only there does the access token go, and only
   * there does a listing's next page lead
   */
  function onApi(url: URL): boolean {
    const base = apiBase.pathname.replace(/\/+$/, '');
    return url.origin === apiBase.origin && (url.pathname === base || url.pathname.startsWith(`${base}/`));
  }

  function onApiUrl(raw: string): boolean {
    try {
      return onApi(new URL(raw));
    } catch {
      return false;
    }
  }

  /** one hop of a download on the API: with the access token, a redirect handed back */
  async function apiHop(accessToken: string, url: URL): Promise<Hop> {
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${accessToken}` },
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_SECONDS * 1000),
    });
    return {
      status: response.status,
      header: (name) => response.headers.get(name),
      body: response.body ? Readable.fromWeb(response.body) : null,
    };
  }

  async function api(accessToken: string, url: string): Promise<Response> {
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${accessToken}` },
      // a listing answers, it does not send the token on elsewhere: a redirect is a failed answer
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_SECONDS * 1000),
    });
    if (!response.ok) {
      throw new Error(`the storage provider answered ${response.status} to ${new URL(url).pathname}`);
    }
    return response;
  }

  return {
    async authorizationUrl({ state, codeVerifier, redirectUri }) {
      return client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: settings.scopes,
        state,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        // a refresh token is only handed out after consent at some providers
        prompt: 'consent',
      }).href;
    },

    async exchangeCode({ callbackUrl, state, codeVerifier, redirectUri }) {
      // the answer's parameters on our registered redirect URI (openid-client sends that URI to the token endpoint)
      const url = new URL(redirectUri);
      url.search = new URL(callbackUrl).search;
      // one provider is configured, so there is no mix-up to detect; its `iss` need not match a discovered issuer
      url.searchParams.delete('iss');
      try {
        const tokens = await client.authorizationCodeGrant(config, url, {
          pkceCodeVerifier: codeVerifier,
          expectedState: state,
        });
        return { refreshToken: tokens.refresh_token ?? null, scope: tokens.scope ?? null };
      } catch (error) {
        if (error instanceof client.ResponseBodyError || error instanceof client.AuthorizationResponseError) {
          throw new ProviderRefusedError(`The storage provider refused: ${error.error}`);
        }
        throw error;
      }
    },

    async refresh(refreshToken) {
      const tokens = await client.refreshTokenGrant(config, refreshToken);
      return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token ?? null };
    },

    async list(accessToken, folderPath, most) {
      const path = folderPath.replace(/^\/+|\/+$/g, '');
      const first =
        path === ''
          ? `${settings.apiUrl}/me/drive/root/children`
          : `${settings.apiUrl}/me/drive/root:/${path.split('/').map(encodeURIComponent).join('/')}:/children`;
      const items: ProviderItem[] = [];
      await walkPages(
        first,
        async (url) => {
          const page = (await (await api(accessToken, url)).json()) as {
            value: GraphItem[];
            '@odata.nextLink'?: string;
          };
          for (const item of page.value) {
            items.push({
              id: item.id,
              name: item.name,
              folder: item.folder !== undefined,
              size: item.size ?? null,
              mimeType: item.file?.mimeType ?? null,
            });
          }
          return { count: page.value.length, next: page['@odata.nextLink'] ?? null };
        },
        // a next page elsewhere is never asked for: it would carry the person's access token there
        { most, onApi: onApiUrl },
      );
      return items;
    },

    async download(accessToken, itemId) {
      // Graph answers the content with a redirect to the file's pre-authenticated URL: followed here, each hop
      // judged, the access token sent to the API only, and never to an address inside the service's network
      let url = new URL(`${settings.apiUrl}/me/drive/items/${encodeURIComponent(itemId)}/content`);
      for (let hop = 0; ; hop += 1) {
        const answer = onApi(url) ? await apiHop(accessToken, url) : await outsideGet(url);
        const location = answer.header('location');
        if (answer.status >= 300 && answer.status < 400 && location) {
          answer.body?.destroy();
          if (hop >= MAX_REDIRECTS) throw new Error('the storage provider redirected the file too many times');
          url = new URL(location, url);
          continue;
        }
        if (answer.status < 200 || answer.status >= 300) {
          answer.body?.destroy();
          throw new Error(`the storage provider answered ${answer.status} to ${url.pathname}`);
        }
        if (!answer.body) throw new Error('the storage provider sent no content');
        const length = answer.header('content-length');
        return { body: answer.body, contentType: answer.header('content-type'), size: length ? Number(length) : null };
      }
    },
  };
}
