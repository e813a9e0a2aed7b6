import type { ConfigProblem } from './config-part.js';

/** A configuration that cannot run: every bad variable at once, each named, never with its value if secret. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly code = 'config.invalid';
  constructor(readonly problems: ConfigProblem[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n')}`);
  }
}

export function configInvalid(problems: ConfigProblem[]): ConfigError {
  return new ConfigError(problems);
}
