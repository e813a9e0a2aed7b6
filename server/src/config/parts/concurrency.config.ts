import { defineConfigPart } from '../config-part.js';

/** Costly work one credential may have running at once, counted across every API process (busy-limit.ts). */
export interface ConcurrencyConfig {
  /** asks being answered */
  asks: number;
  /** zip downloads streaming */
  zipStreams: number;
}

export const DEFAULT_CONCURRENCY: ConcurrencyConfig = { asks: 4, zipStreams: 2 };

export const concurrencyConfig = defineConfigPart({
  variables: [
    {
      name: 'BYGGDOK_ASK_CONCURRENCY',
      default: '`4`',
      description:
        'asks one credential (a partner key with its session tokens, a person with all their credentials) may have answered at once, counted in the database across every API process; one more is refused before any work starts (429 `ask.busy`, `Retry-After`)',
    },
    {
      name: 'BYGGDOK_ZIP_STREAMS',
      default: '`2`',
      description:
        'zip downloads of documents (`POST .../documents/zip`) one credential may have streaming at once, counted the same way; one more is refused before it starts (429 `zip.busy`, `Retry-After`)',
    },
  ],
  read(env): { concurrency: ConcurrencyConfig } {
    return {
      concurrency: {
        asks: env.int('BYGGDOK_ASK_CONCURRENCY', { default: DEFAULT_CONCURRENCY.asks, min: 1, max: 100 }),
        zipStreams: env.int('BYGGDOK_ZIP_STREAMS', { default: DEFAULT_CONCURRENCY.zipStreams, min: 1, max: 100 }),
      },
    };
  },
});
