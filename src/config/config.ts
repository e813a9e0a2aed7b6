import path from 'node:path';

/**
 * The whole configuration, read from the environment once at start. `loadConfig` is pure: it never touches the
 * file system or the network, so it can be tested with a plain object and every process reads the same thing.
 */
export interface Config {
  http: {
    port: number;
    host: string;
    /** base of every URL the service hands out (upload, download, preview) */
    publicUrl: string;
    /** request bodies above this are refused with 413 (JSON bodies; uploads have their own limit) */
    bodyLimitBytes: number;
    trustProxy: boolean;
  };
  dataDir: string;
  /** null: embedded PGlite in `${dataDir}/pglite` */
  databaseUrl: string | null;
  /** null: generated on first start and stored in `${dataDir}/admin-token` */
  adminToken: string | null;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  rateLimit: {
    enabled: boolean;
    /** requests per window per credential */
    max: number;
    windowMs: number;
  };
  /** optional shared rate-limit store when several API processes run */
  redisUrl: string | null;
  storage: StorageConfig;
  uploads: {
    /** uploads above this are refused with 413 */
    maxBytes: number;
  };
  worker: {
    /** jobs of each kind one process runs at once */
    concurrency: number;
    /** a job running longer than this counts as crashed and is retried */
    jobExpireSeconds: number;
    retryLimit: number;
    /** LibreOffice binary for Office previews (null: looked up on PATH when needed) */
    libreOfficePath: string | null;
  };
  /** who writes answers to questions: the built-in answerer, or a language model */
  llm: LlmConfig;
}

export type LlmConfig =
  | { provider: 'builtin' }
  | {
      /** `openai`: any OpenAI-compatible chat-completions endpoint (OpenAI, Azure OpenAI, Ollama, vLLM, llama.cpp) */
      provider: 'openai' | 'anthropic';
      baseUrl: string;
      apiKey: string | null;
      model: string;
      timeoutMs: number;
    };

export type StorageConfig =
  | { kind: 'fs'; root: string }
  | {
      kind: 's3';
      bucket: string;
      region: string | null;
      endpoint: string | null;
      forcePathStyle: boolean;
      /** shared secret an S3 event notification (webhook) must carry; null: notifications are not accepted */
      eventsToken: string | null;
    };

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n')}`);
  }
}

type Env = Readonly<Record<string, string | undefined>>;

interface Reader {
  problems: { variable: string; message: string }[];
  env: Env;
}

function readString(r: Reader, variable: string): string | undefined {
  const value = r.env[variable];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function readInt(r: Reader, variable: string, spec: { default: number; min: number; max: number }): number {
  const raw = readString(r, variable);
  if (raw === undefined) return spec.default;
  if (!/^\d+$/.test(raw)) {
    r.problems.push({ variable, message: `must be a whole number, got "${raw}"` });
    return spec.default;
  }
  const value = Number(raw);
  if (value < spec.min || value > spec.max) {
    r.problems.push({ variable, message: `must be between ${spec.min} and ${spec.max}, got ${value}` });
    return spec.default;
  }
  return value;
}

function readBoolean(r: Reader, variable: string, fallback: boolean): boolean {
  const raw = readString(r, variable)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  r.problems.push({ variable, message: `must be true or false, got "${raw}"` });
  return fallback;
}

function readUrl(r: Reader, variable: string, protocols: string[]): string | undefined {
  const raw = readString(r, variable);
  if (raw === undefined) return undefined;
  try {
    const url = new URL(raw);
    if (!protocols.includes(url.protocol)) {
      r.problems.push({ variable, message: `must be a ${protocols.join(' or ')} URL` });
      return undefined;
    }
    return raw;
  } catch {
    // never echo the value: a database or Redis URL may hold a password
    r.problems.push({ variable, message: 'is not a valid URL' });
    return undefined;
  }
}

function readStorage(r: Reader, dataDir: string): StorageConfig {
  const bucket = readString(r, 'S3_BUCKET');
  if (!bucket) return { kind: 'fs', root: path.join(dataDir, 'files') };
  const eventsToken = readString(r, 'S3_EVENTS_TOKEN') ?? null;
  if (eventsToken !== null && eventsToken.length < 24) {
    r.problems.push({ variable: 'S3_EVENTS_TOKEN', message: 'must be at least 24 characters long' });
  }
  return {
    kind: 's3',
    bucket,
    region: readString(r, 'S3_REGION') ?? readString(r, 'AWS_REGION') ?? null,
    endpoint: readUrl(r, 'S3_ENDPOINT', ['http:', 'https:']) ?? null,
    forcePathStyle: readBoolean(r, 'S3_FORCE_PATH_STYLE', false),
    eventsToken,
  };
}

const LLM_PROVIDERS = ['builtin', 'openai', 'anthropic'] as const;
const LLM_DEFAULT_URLS = { openai: 'https://api.openai.com/v1', anthropic: 'https://api.anthropic.com' };

function readLlm(r: Reader): LlmConfig {
  const raw = (readString(r, 'LLM_PROVIDER') ?? 'builtin').toLowerCase();
  const timeoutMs = readInt(r, 'LLM_TIMEOUT_MS', { default: 60_000, min: 1000, max: 600_000 });
  if (!(LLM_PROVIDERS as readonly string[]).includes(raw)) {
    r.problems.push({ variable: 'LLM_PROVIDER', message: `must be one of ${LLM_PROVIDERS.join(', ')}` });
    return { provider: 'builtin' };
  }
  const provider = raw as (typeof LLM_PROVIDERS)[number];
  if (provider === 'builtin') return { provider };
  const baseUrl = (readUrl(r, 'LLM_BASE_URL', ['http:', 'https:']) ?? LLM_DEFAULT_URLS[provider]).replace(/\/+$/, '');
  // never echoed in a message: it is a secret
  const apiKey = readString(r, 'LLM_API_KEY') ?? null;
  const model = readString(r, 'LLM_MODEL');
  if (!model) r.problems.push({ variable: 'LLM_MODEL', message: `is required when LLM_PROVIDER is ${provider}` });
  const hosted = /(^|\.)(openai\.com|anthropic\.com|azure\.com)$/i.test(hostOf(baseUrl));
  if (!apiKey && hosted) {
    r.problems.push({ variable: 'LLM_API_KEY', message: `is required for ${hostOf(baseUrl)}` });
  }
  return { provider, baseUrl, apiKey, model: model ?? '', timeoutMs };
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export function loadConfig(env: Env, options: { cwd?: string } = {}): Config {
  const r: Reader = { problems: [], env };
  const cwd = options.cwd ?? process.cwd();

  const port = readInt(r, 'PORT', { default: 8080, min: 0, max: 65535 });
  const host = readString(r, 'HOST') ?? '0.0.0.0';
  const publicUrlRaw = readUrl(r, 'BYGGDOK_PUBLIC_URL', ['http:', 'https:']);
  const publicUrl = (publicUrlRaw ?? `http://localhost:${port}`).replace(/\/+$/, '');

  const logLevelRaw = readString(r, 'LOG_LEVEL') ?? 'info';
  const logLevel = (LOG_LEVELS as readonly string[]).includes(logLevelRaw)
    ? (logLevelRaw as Config['logLevel'])
    : (r.problems.push({ variable: 'LOG_LEVEL', message: `must be one of ${LOG_LEVELS.join(', ')}` }), 'info');

  const adminToken = readString(r, 'BYGGDOK_ADMIN_TOKEN') ?? null;
  if (adminToken !== null && adminToken.length < 24) {
    r.problems.push({ variable: 'BYGGDOK_ADMIN_TOKEN', message: 'must be at least 24 characters long' });
  }

  const dataDir = path.resolve(cwd, readString(r, 'BYGGDOK_DATA_DIR') ?? './data');

  const config: Config = {
    http: {
      port,
      host,
      publicUrl,
      bodyLimitBytes: readInt(r, 'BYGGDOK_BODY_LIMIT_BYTES', { default: 1_048_576, min: 1024, max: 104_857_600 }),
      trustProxy: readBoolean(r, 'BYGGDOK_TRUST_PROXY', false),
    },
    dataDir,
    databaseUrl: readUrl(r, 'DATABASE_URL', ['postgres:', 'postgresql:']) ?? null,
    adminToken,
    logLevel,
    rateLimit: {
      enabled: readBoolean(r, 'RATE_LIMIT_ENABLED', true),
      max: readInt(r, 'RATE_LIMIT_MAX', { default: 600, min: 1, max: 1_000_000 }),
      windowMs: readInt(r, 'RATE_LIMIT_WINDOW_MS', { default: 60_000, min: 1000, max: 86_400_000 }),
    },
    redisUrl: readUrl(r, 'REDIS_URL', ['redis:', 'rediss:']) ?? null,
    storage: readStorage(r, dataDir),
    uploads: {
      maxBytes: readInt(r, 'BYGGDOK_MAX_UPLOAD_BYTES', { default: 5 * 1024 ** 3, min: 1024, max: 5 * 1024 ** 4 }),
    },
    worker: {
      concurrency: readInt(r, 'BYGGDOK_WORKER_CONCURRENCY', { default: 2, min: 1, max: 64 }),
      jobExpireSeconds: readInt(r, 'BYGGDOK_JOB_EXPIRE_SECONDS', { default: 900, min: 1, max: 86_400 }),
      retryLimit: readInt(r, 'BYGGDOK_JOB_RETRY_LIMIT', { default: 4, min: 0, max: 100 }),
      libreOfficePath: readString(r, 'BYGGDOK_LIBREOFFICE_PATH') ?? null,
    },
    llm: readLlm(r),
  };

  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return config;
}
