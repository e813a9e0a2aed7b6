import { defineConfigPart } from '../config-part.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export type LogLevel = (typeof LOG_LEVELS)[number];

const LOG_FORMATS = ['auto', 'pretty', 'json'] as const;

/** auto: readable lines when stdout is a terminal, JSON otherwise (decided at start, where the stream is known) */
export type LogFormat = (typeof LOG_FORMATS)[number];

export const loggingConfig = defineConfigPart({
  variables: [
    {
      name: 'LOG_LEVEL',
      default: '`info`',
      description: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`',
    },
    {
      name: 'LOG_FORMAT',
      default: 'readable lines when stdout is a terminal, JSON otherwise',
      description: '`pretty` (readable lines, `pino-pretty`) or `json` (one JSON object a line, for log collectors)',
    },
  ],
  read(env): { logLevel: LogLevel; logFormat: LogFormat } {
    return {
      logLevel: env.oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
      logFormat: env.oneOf('LOG_FORMAT', LOG_FORMATS, 'auto'),
    };
  },
});
