import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import pLimit from 'p-limit';
import type { SendResult, WebhookSender } from '../../domain/webhooks/webhooks.service.js';
import { isForbiddenAddress } from '../../domain/webhooks/target-addresses.js';

export interface WebhookSenderSettings {
  /** WEBHOOKS_ALLOW_PRIVATE: private addresses and http allowed (tests, closed networks) */
  allowPrivate: boolean;
  /** a delivery that has no answer within this is a failure (10 s) */
  timeoutMs: number;
  /** accepted TLS certificates beyond the system's (a test receiver's self-signed one) */
  ca?: string | Buffer;
  /** how host names are resolved (tests: a resolver whose DNS server never answers); default the system's */
  lookup?: (host: string, options: { all: true; verbatim: true }) => Promise<{ address: string; family: number }[]>;
}

/** what a response body is read to, at most (it is only drained, never stored) */
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * Host-name lookups of webhook URLs under way at once in this process. Each holds a thread of libuv's pool (4 by
 * default, shared with file reads, password hashing and compression) for as long as the name's DNS servers take, 30 s
 * and more for servers that never answer, which whoever registers a webhook chooses: without a bound, a few
 * registrations or deliveries at once would stop every file read of the process. A lookup past this waits its turn.
 */
const MAX_LOOKUPS_IN_FLIGHT = 2;

type Resolved = { ok: true; url: URL; address: string; family: 4 | 6 } | { ok: false; reason: string };

/**
 * Sends webhooks over HTTP(S) from this process. The host is resolved once, every address it resolves to is checked,
 * and the connection goes to the checked address (the socket's lookup answers with it), so a name that resolves to a
 * public address at the check and a private one at connect (DNS rebinding) cannot reach inside. TLS still verifies
 * the certificate against the host name. Redirects are answers like any other: not followed, not a success.
 */
export function createHttpWebhookSender(settings: WebhookSenderSettings): WebhookSender {
  const lookups = pLimit(MAX_LOOKUPS_IN_FLIGHT);
  const systemLookup = settings.lookup ?? ((host, options) => lookup(host, options));

  /**
   * the addresses of a name, or null when they are not known within the timeout (waiting for a turn included); a
   * lookup given up on keeps its turn until it ends, since it keeps its thread until then
   */
  async function lookupInTime(host: string): Promise<{ address: string; family: number }[] | null> {
    let late = false;
    const looked = lookups(() => (late ? null : systemLookup(host, { all: true, verbatim: true })));
    // a lookup given up on may still fail later: nobody waits for it then
    void looked.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((done) => {
      timer = setTimeout(() => {
        late = true;
        done(null);
      }, settings.timeoutMs);
    });
    try {
      return await Promise.race([looked, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function resolve(raw: string): Promise<Resolved> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return { ok: false, reason: 'is not a URL' };
    }
    const httpAllowed = settings.allowPrivate && url.protocol === 'http:';
    if (url.protocol !== 'https:' && !httpAllowed) return { ok: false, reason: 'must be an https URL' };
    if (url.username || url.password) return { ok: false, reason: 'must not carry a user name or password' };
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: { address: string; family: number }[];
    if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
    else {
      try {
        const found = await lookupInTime(host);
        if (!found) return { ok: false, reason: `names a host that does not resolve in time (${host})` };
        addresses = found;
      } catch {
        return { ok: false, reason: `names a host that does not resolve (${host})` };
      }
    }
    if (addresses.length === 0) return { ok: false, reason: `names a host that does not resolve (${host})` };
    if (!settings.allowPrivate) {
      const inside = addresses.find((a) => isForbiddenAddress(a.address));
      if (inside) {
        // an address the caller wrote is named; one a name resolved to is not: the answer would tell anyone who may
        // register a webhook the service's inside names and addresses (`https://db.corp.internal/` -> 10.1.2.3)
        return {
          ok: false,
          reason: isIP(host)
            ? `is ${inside.address}, a loopback, private, link-local or unique-local address`
            : 'names a host that resolves to a loopback, private, link-local or unique-local address',
        };
      }
    }
    const first = addresses[0]!;
    return { ok: true, url, address: first.address, family: first.family === 6 ? 6 : 4 };
  }

  return {
    async checkTarget(raw) {
      const resolved = await resolve(raw);
      return resolved.ok ? null : resolved.reason;
    },

    async send({ url: raw, headers, body }): Promise<SendResult> {
      const resolved = await resolve(raw);
      if (!resolved.ok) return { ok: false, status: null, error: `refused: the URL ${resolved.reason}` };
      const { url, address, family } = resolved;
      const pinned: LookupFunction = (_hostname, options, callback) => {
        if (options.all)
          (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
        else callback(null, address, family);
      };
      const client = url.protocol === 'https:' ? https : http;
      return new Promise<SendResult>((done) => {
        let settled = false;
        const finish = (result: SendResult) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          done(result);
        };
        const request = client.request(
          url,
          {
            method: 'POST',
            headers: { ...headers, 'content-length': Buffer.byteLength(body), 'user-agent': 'byggdok-webhooks/1' },
            lookup: pinned,
            agent: false,
            ...(settings.ca && url.protocol === 'https:' ? { ca: settings.ca } : {}),
          },
          (response) => {
            const status = response.statusCode ?? 0;
            let read = 0;
            response.on('data', (chunk: Buffer) => {
              read += chunk.length;
              if (read > MAX_RESPONSE_BYTES) response.destroy();
            });
            const settle = () => {
              if (status >= 200 && status < 300) finish({ ok: true, status });
              else if (status >= 300 && status < 400)
                finish({ ok: false, status, error: `redirect (${status}) not followed` });
              else finish({ ok: false, status, error: `the receiver answered ${status}` });
            };
            response.on('end', settle);
            response.on('close', settle);
            response.on('error', settle);
          },
        );
        const timer = setTimeout(() => {
          finish({ ok: false, status: null, error: `no answer within ${settings.timeoutMs / 1000} s` });
          request.destroy();
        }, settings.timeoutMs);
        request.on('error', (error) => finish({ ok: false, status: null, error: error.message }));
        request.end(body);
      });
    },
  };
}
