import type { FastifyRequest } from 'fastify';
import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';

/**
 * query parameters whose values are credentials or say who someone is: our signed URLs, S3 pre-signed URLs, the
 * OpenID/OAuth redirects (`/auth/callback?code&state`, the storage provider's callback), `/oidc/session/end?id_token_hint`
 * (an ID token holding the person's e-mail), `login_hint` and `email` (an e-mail address)
 */
const SECRET_QUERY =
  /^(signature|token|x-amz-signature|x-amz-credential|x-amz-security-token|next_token|code|state|id_token_hint|id_token|access_token|refresh_token|client_secret|client_assertion|code_verifier|login_hint|email)$/i;

/**
 * values that are one of our own credentials by their prefix (a portal token `sct_`, a partner or personal key `fk_`,
 * a session token `ft_`, a webhook secret `whsec_`, the operator token a first start generates `adm_`), whatever the
 * parameter a client put them in: none is accepted in a query, but a link pasted by hand (`?t=sct_...`) must not leave
 * the token in the log
 */
const SECRET_VALUE = /^(sct_|fk_|ft_|whsec_|adm_)/;

/**
 * the URL with every credential in its query redacted: by the parameter's name, by the value's prefix, or as one of
 * `secrets` (values of the configuration no prefix tells, such as an operator token chosen by hand) anywhere in a
 * value or a name
 */
function redactUrl(url: string, secrets: readonly string[]): string {
  const [path, query] = url.split('?', 2);
  if (query === undefined) return url;
  const params = new URLSearchParams(query);
  const holdsSecret = (text: string) => secrets.some((secret) => text.includes(secret));
  const redacted = new URLSearchParams();
  for (const [key, value] of params.entries()) {
    if (holdsSecret(key)) redacted.append('[redacted]', '');
    else if (SECRET_QUERY.test(key) || SECRET_VALUE.test(value.trim()) || holdsSecret(value)) {
      redacted.append(key, '[redacted]');
    } else redacted.append(key, value);
  }
  return `${path}?${redacted.toString()}`;
}

/**
 * An error as pino writes it, without the values a failed statement was given: PGlite's errors carry them (`params`,
 * `queryOptions`), and a statement may bind a secret (a mail's links, a session's ID token). The statement's text stays.
 */
function withoutBoundValues(error: Error): ReturnType<typeof pino.stdSerializers.err> {
  const serialized = pino.stdSerializers.err(error) as ReturnType<typeof pino.stdSerializers.err> &
    Record<string, unknown>;
  delete serialized.params;
  delete serialized.queryOptions;
  return serialized;
}

/**
 * Structured logs that never contain keys, tokens or passwords: credentials live in headers, which are not logged,
 * and in the query of signed URLs, which is redacted. The redact paths are a second line of defence for anything that
 * logs a request object by mistake.
 */
export function createLogger(options: {
  level: string;
  destination?: NodeJS.WritableStream;
  /** readable lines instead of JSON (a terminal); the same fields and the same redaction */
  pretty?: boolean;
  /** secrets of the configuration never to be logged, found in a request's query whatever the parameter */
  secrets?: readonly (string | null)[];
}): Logger {
  // a secret this short would redact common words; configured secrets are far longer (BYGGDOK_ADMIN_TOKEN: 24 or more)
  const secrets = (options.secrets ?? []).filter((secret): secret is string => secret !== null && secret.length >= 16);
  const destination = options.destination ?? process.stdout;
  return pino(
    {
      level: options.level,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers["x-api-key"]',
          'req.headers.cookie',
          'headers.authorization',
          'headers["x-api-key"]',
          'headers.cookie',
          '*.password',
          '*.token',
          '*.key',
        ],
        censor: '[redacted]',
      },
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: redactUrl(request.url, secrets),
          remoteAddress: request.ip,
        }),
        err: withoutBoundValues,
      },
    },
    options.pretty
      ? pretty({ destination, sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' })
      : destination,
  );
}

/** `LOG_FORMAT`: pretty or json as told; otherwise readable in a terminal and JSON when piped or collected */
export function wantsPrettyLogs(format: 'auto' | 'pretty' | 'json', stream: { isTTY?: boolean }): boolean {
  return format === 'auto' ? stream.isTTY === true : format === 'pretty';
}
