import { invalid } from './errors.js';
import { hmac, safeEqual } from './secrets.js';

/**
 * Opaque, tamper-evident paging tokens. The token names the list it belongs to (`context`: which owner or building
 * and which sort), so a token edited, forged, or replayed against another list or sort is a 400, never a leak.
 * Keyset paging on (sort value, id) keeps pages stable while rows are inserted.
 */
export interface PageCursor {
  /** the last row's sort value (ISO timestamp or string) */
  value: string;
  id: string;
}

export interface PageTokenCodec {
  encode(context: string, cursor: PageCursor): string;
  /** throws `request.invalid_next_token` */
  decode(context: string, token: string): PageCursor;
}

export function createPageTokenCodec(secret: string): PageTokenCodec {
  const key = `page-token:${secret}`;
  return {
    encode(context, cursor) {
      const payload = Buffer.from(JSON.stringify([cursor.value, cursor.id]), 'utf8').toString('base64url');
      return `${payload}.${hmac(key, `${context}\n${payload}`)}`;
    },
    decode(context, token) {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined || !safeEqual(signature, hmac(key, `${context}\n${payload}`))) {
        throw invalidToken();
      }
      try {
        const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
        if (
          Array.isArray(parsed) &&
          parsed.length === 2 &&
          typeof parsed[0] === 'string' &&
          typeof parsed[1] === 'string'
        ) {
          return { value: parsed[0], id: parsed[1] };
        }
      } catch {
        // fall through: a correctly signed token always parses, so this is never reached by honest clients
      }
      throw invalidToken();
    },
  };
}

function invalidToken(): Error {
  return invalid(
    'request.invalid_next_token',
    'next_token is not a token this list handed out (it was edited, belongs to another list, or to another sort)',
    [{ path: '/next_token', message: 'is not valid for this list and sort' }],
  );
}
