import type { FastifyReply, FastifyRequest } from 'fastify';

/** the sign-in session: an opaque token, stored hashed server-side */
export const SESSION_COOKIE = 'byggdok_session';
/**
 * binds a sign-in to the browser that started it (login CSRF): /auth/login sets it, /auth/callback needs the same
 * value; short-lived and sent only to /auth
 */
export const SIGN_IN_COOKIE = 'byggdok_sign_in';
/** the issuer of this browser's last successful sign-in (`useRecentSso`) */
export const RECENT_SSO_COOKIE = 'byggdok_recent_sso';

export function cookieOf(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const value = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(value) || null;
    } catch {
      return null;
    }
  }
  return null;
}

/** httpOnly and SameSite=Lax always; Secure when the public URL is https */
export function setCookie(
  reply: FastifyReply,
  params: { name: string; value: string; maxAgeSeconds: number; secure: boolean; path?: string },
): void {
  const attributes = [
    `${params.name}=${encodeURIComponent(params.value)}`,
    `Path=${params.path ?? '/'}`,
    `Max-Age=${Math.max(0, Math.floor(params.maxAgeSeconds))}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(params.secure ? ['Secure'] : []),
  ];
  const existing = reply.getHeader('set-cookie');
  const list = Array.isArray(existing) ? existing : typeof existing === 'string' ? [existing] : [];
  void reply.header('set-cookie', [...list, attributes.join('; ')]);
}

export function clearCookie(reply: FastifyReply, params: { name: string; secure: boolean; path?: string }): void {
  setCookie(reply, { ...params, value: '', maxAgeSeconds: 0 });
}
