import { EnvReader, type ConfigPart, type Env } from './config-part.js';
import { adminConfig } from './parts/admin.config.js';
import { backupConfig } from './parts/backup.config.js';
import { concurrencyConfig } from './parts/concurrency.config.js';
import { extractConfig } from './parts/extract.config.js';
import { databaseConfig, readDataDir } from './parts/database.config.js';
import { httpConfig } from './parts/http.config.js';
import { llmConfig } from './parts/llm.config.js';
import { mailConfig } from './parts/mail.config.js';
import { loggingConfig } from './parts/logging.config.js';
import { metricsConfig } from './parts/metrics.config.js';
import { rateLimitConfig } from './parts/rate-limit.config.js';
import { signInConfig } from './parts/sign-in.config.js';
import { storageConfig } from './parts/storage.config.js';
import { storageProviderConfig } from './parts/storage-provider.config.js';
import { workerConfig } from './parts/worker.config.js';
import { webhooksConfig } from './parts/webhooks.config.js';
import { configInvalid } from './config.errors.js';

export { ConfigError } from './config.errors.js';
export type { BackupConfig } from './parts/backup.config.js';
export type { ConcurrencyConfig } from './parts/concurrency.config.js';
export type { ExtractConfig } from './parts/extract.config.js';
export type { HttpConfig } from './parts/http.config.js';
export type { LlmConfig } from './parts/llm.config.js';
export type { LogLevel } from './parts/logging.config.js';
export type { MailConfig } from './parts/mail.config.js';
export type { RateLimitConfig } from './parts/rate-limit.config.js';
export type { SignInConfig } from './parts/sign-in.config.js';
export type { StorageConfig, UploadsConfig } from './parts/storage.config.js';
export type { StorageProviderConfig } from './parts/storage-provider.config.js';
export type { WorkerConfig } from './parts/worker.config.js';
export type { WebhooksConfig } from './parts/webhooks.config.js';

/**
 * Every part of the configuration, in the order of the README's table. A feature with settings of its own adds its
 * part here (one line); its variables, defaults and docs live in the part.
 */
export const CONFIG_PARTS = [
  httpConfig,
  databaseConfig,
  adminConfig,
  signInConfig,
  storageProviderConfig,
  mailConfig,
  webhooksConfig,
  backupConfig,
  loggingConfig,
  metricsConfig,
  rateLimitConfig,
  concurrencyConfig,
  storageConfig,
  workerConfig,
  extractConfig,
  llmConfig,
] as const;

type PartValue<P> = P extends ConfigPart<infer T> ? T : never;
type Intersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

/** The whole configuration: what the parts read, joined (`config.http`, `config.storage`, `config.llm` ...). */
export type Config = Intersection<PartValue<(typeof CONFIG_PARTS)[number]>>;

/**
 * Reads the configuration from the environment once at start. Pure: it never touches the file system or the network,
 * so it can be tested with a plain object and every process reads the same thing. Throws one ConfigError naming
 * every bad variable.
 */
export function loadConfig(env: Env, options: { cwd?: string } = {}): Config {
  const reader = new EnvReader(env);
  const config = readConfig(reader, options.cwd ?? process.cwd());
  if (reader.problems.length > 0) throw configInvalid(reader.problems);
  return config;
}

/** Every part read through one reader, which keeps the problems (and which variables were read). */
export function readConfig(reader: EnvReader, cwd: string): Config {
  const context = { cwd, dataDir: readDataDir(reader, cwd) };
  return Object.assign({}, ...CONFIG_PARTS.map((part) => part.read(reader, context))) as Config;
}

/** The README's configuration table, as the parts document their variables. */
export function configurationTable(): string {
  const rows = CONFIG_PARTS.flatMap((part) => part.variables).map(
    (variable) => `| ${variable.display ?? `\`${variable.name}\``} | ${variable.default} | ${variable.description} |`,
  );
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
}
