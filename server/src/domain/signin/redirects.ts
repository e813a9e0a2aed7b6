/**
 * Where sign-in and logout may send a browser afterwards: the service's own origin or an origin the operator
 * allowed (APP_ALLOWED_REDIRECTS). Anything else, relative tricks included (`//evil.example`, `/\evil`), falls back
 * to the app's root: never an open redirect.
 */
export function safeRedirect(params: {
  requested: string | undefined;
  publicUrl: string;
  allowedOrigins: string[];
}): string {
  const root = `${params.publicUrl}/`;
  if (!params.requested) return root;
  let target: URL;
  try {
    target = new URL(params.requested, root);
  } catch {
    return root;
  }
  const own = new URL(root).origin;
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return root;
  if (target.username || target.password) return root;
  return target.origin === own || params.allowedOrigins.includes(target.origin) ? target.href : root;
}
