import { defineConfigPart } from '../config-part.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export type LogLevel = (typeof LOG_LEVELS)[number];

export const loggingConfig = defineConfigPart({
  variables: [
    {
      name: 'LOG_LEVEL',
      default: '`info`',
      description: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`',
    },
  ],
  read(env): { logLevel: LogLevel } {
    return { logLevel: env.oneOf('LOG_LEVEL', LOG_LEVELS, 'info') };
  },
});
