import { Readable } from 'node:stream';
import * as client from 'openid-client';
import type { StorageProviderConfig } from '../../config/config.js';
import {
  ProviderRefusedError,
  type ProviderItem,
  type StorageProviderClient,
} from '../../domain/storage-provider/storage-provider.service.js';

const TIMEOUT_SECONDS = 15;

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

  async function api(accessToken: string, url: string): Promise<Response> {
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${accessToken}` },
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

    async list(accessToken, folderPath) {
      const path = folderPath.replace(/^\/+|\/+$/g, '');
      let next: string | null =
        path === ''
          ? `${settings.apiUrl}/me/drive/root/children`
          : `${settings.apiUrl}/me/drive/root:/${path.split('/').map(encodeURIComponent).join('/')}:/children`;
      const items: ProviderItem[] = [];
      while (next) {
        const page = (await (await api(accessToken, next)).json()) as {
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
        next = page['@odata.nextLink'] ?? null;
      }
      return items;
    },

    async download(accessToken, itemId) {
      const response = await api(
        accessToken,
        `${settings.apiUrl}/me/drive/items/${encodeURIComponent(itemId)}/content`,
      );
      if (!response.body) throw new Error('the storage provider sent no content');
      const length = response.headers.get('content-length');
      return {
        body: Readable.fromWeb(response.body),
        contentType: response.headers.get('content-type'),
        size: length ? Number(length) : null,
      };
    },
  };
}
