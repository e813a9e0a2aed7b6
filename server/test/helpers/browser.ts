/**
 * A small browser for sign-in tests: real HTTP with fetch, redirects followed by hand, cookies kept per origin
 * (paths ignored, which is all an OpenID flow needs), so every hop can be looked at.
 */
export class TestBrowser {
  private readonly jar = new Map<string, Map<string, string>>();
  /** the Set-Cookie lines of every response, newest last */
  readonly setCookies: string[] = [];
  /** every URL requested */
  readonly visited: string[] = [];

  constructor(private readonly headers: Record<string, string> = {}) {}

  cookie(origin: string, name: string): string | undefined {
    return this.jar.get(origin)?.get(name);
  }

  setCookie(origin: string, name: string, value: string): void {
    const cookies = this.jar.get(origin) ?? new Map<string, string>();
    cookies.set(name, value);
    this.jar.set(origin, cookies);
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const { origin } = new URL(url);
    const cookies = [...(this.jar.get(origin) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join('; ');
    this.visited.push(url);
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...this.headers,
        ...(cookies ? { cookie: cookies } : {}),
        ...(init.headers as Record<string, string>),
      },
    });
    for (const line of response.headers.getSetCookie()) {
      this.setCookies.push(line);
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const gone = value === '' || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      const jar = this.jar.get(origin) ?? new Map<string, string>();
      if (gone) jar.delete(name);
      else jar.set(name, value);
      this.jar.set(origin, jar);
    }
    return response;
  }

  /**
   * Requests `url` and follows redirects while `follow(next)` says so (and at most 20 hops). Returns the last
   * response (a redirect not followed, or a page).
   */
  async go(url: string, follow: (next: URL) => boolean, init: RequestInit = {}): Promise<Response> {
    let current = url;
    let response = await this.request(url, init);
    for (let hop = 0; hop < 20; hop++) {
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return response;
      const next = new URL(location, current);
      if (!follow(next)) return response;
      await response.arrayBuffer();
      current = next.href;
      response = await this.request(current);
    }
    throw new Error(`too many redirects from ${url}`);
  }
}

/** the login form's action, read from the page as a browser would */
export function formAction(html: string): string {
  const match = /<form method="post" action="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error(`no login form in: ${html.slice(0, 300)}`);
  return match[1];
}
