/**
 * A webhook's URL as people may see it in a mail or a list: no user name or password, no query or fragment (where
 * receivers often carry a token), and a path segment that looks like a token (long, with letters and digits) cut to
 * its first characters. `https://user:pw@hooks.example.com/in/3f9aK2...?token=x` -> `https://hooks.example.com/in/3f9a…?…`.
 */
export function displayUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '…';
  }
  const path = parsed.pathname
    .split('/')
    .map((segment) => (looksLikeToken(segment) ? `${segment.slice(0, 4)}…` : segment))
    .join('/');
  const rest = parsed.search || parsed.hash ? '?…' : '';
  return `${parsed.protocol}//${parsed.host}${path === '/' && !rest ? '' : path}${rest}`;
}

function looksLikeToken(segment: string): boolean {
  return segment.length >= 16 && /[0-9]/.test(segment) && /[A-Za-z]/.test(segment);
}
