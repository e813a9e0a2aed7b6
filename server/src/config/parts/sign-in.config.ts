import { defineConfigPart } from '../config-part.js';

export interface SignInConfig {
  /** null: the service runs its own OpenID provider under `/oidc` with local accounts */
  oidc: { issuer: string; clientId: string; clientSecret: string | null } | null;
  /** origins besides the public URL's that `redirectUri` may point to (a web app on another host) */
  allowedRedirectOrigins: string[];
  /** origins besides those whose browser pages may call the MCP endpoint (`/mcp`) */
  mcpAllowedOrigins?: string[];
  /** a session ends this long after its last request */
  sessionIdleMinutes: number;
  /** and at the latest this long after sign-in */
  sessionMaxAgeDays: number;
}

export const signInConfig = defineConfigPart({
  variables: [
    {
      name: 'OIDC_ISSUER',
      default: 'unset: the embedded provider under `/oidc` with local accounts',
      description:
        "your company's OpenID provider (discovery URL without `/.well-known/...`); `http://` only on a loopback address",
    },
    {
      name: 'OIDC_CLIENT_ID',
      default: 'unset',
      description: 'the client id registered with `OIDC_ISSUER` (required with it)',
    },
    {
      name: 'OIDC_CLIENT_SECRET',
      default: 'unset: a public client (PKCE only)',
      description: 'the client secret registered with `OIDC_ISSUER`',
    },
    {
      name: 'APP_ALLOWED_REDIRECTS',
      default: 'unset: the public URL only',
      description:
        'comma-separated origins (`https://app.example.com`) that sign-in and logout may send people back to',
    },
    {
      name: 'MCP_ALLOWED_ORIGINS',
      default: 'unset: the public URL and `APP_ALLOWED_REDIRECTS` only',
      description:
        'comma-separated origins (`https://assistant.example.com`) whose web pages may call `/mcp` from the browser, besides the public URL and `APP_ALLOWED_REDIRECTS`; a request with another `Origin` is refused (403), one without `Origin` (not from a browser) is served',
    },
    {
      name: 'SESSION_IDLE_TIMEOUT_MINUTES',
      default: '`480`',
      description: 'a sign-in session ends after this long without a request',
    },
    {
      name: 'SESSION_MAX_AGE_DAYS',
      default: '`30`',
      description: 'a sign-in session ends this long after sign-in, however active',
    },
  ],
  read(env): { signIn: SignInConfig } {
    const issuer = env.url('OIDC_ISSUER', ['http:', 'https:']);
    const clientId = env.string('OIDC_CLIENT_ID');
    const clientSecret = env.string('OIDC_CLIENT_SECRET') ?? null;
    if (issuer) {
      if (!clientId) env.problem('OIDC_CLIENT_ID', 'is required when OIDC_ISSUER is set');
      if (new URL(issuer).protocol === 'http:' && !isLoopback(new URL(issuer).hostname)) {
        env.problem('OIDC_ISSUER', 'must be an https URL (http only on a loopback address)');
      }
    }
    const originsOf = (name: string): string[] => {
      const origins: string[] = [];
      for (const entry of (env.string(name) ?? '').split(',')) {
        const raw = entry.trim();
        if (!raw) continue;
        try {
          const url = new URL(raw);
          if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
          origins.push(url.origin);
        } catch {
          env.problem(name, `"${raw}" is not an http(s) origin`);
        }
      }
      return origins;
    };
    const allowed = originsOf('APP_ALLOWED_REDIRECTS');
    const mcpAllowed = originsOf('MCP_ALLOWED_ORIGINS');
    return {
      signIn: {
        oidc: issuer && clientId ? { issuer, clientId, clientSecret } : null,
        allowedRedirectOrigins: allowed,
        mcpAllowedOrigins: mcpAllowed,
        sessionIdleMinutes: env.int('SESSION_IDLE_TIMEOUT_MINUTES', { default: 480, min: 1, max: 525_600 }),
        sessionMaxAgeDays: env.int('SESSION_MAX_AGE_DAYS', { default: 30, min: 1, max: 3650 }),
      },
    };
  },
});

/** 127.0.0.0/8, ::1 and localhost: an http issuer is allowed there (development and tests) */
export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
