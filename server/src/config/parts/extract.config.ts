import { defineConfigPart } from '../config-part.js';

/** Bounds on the parsing of uploaded files, held by the extraction sandbox (a child process killed when it exceeds them). */
export interface ExtractConfig {
  /** one file's extraction (or unpacking, or preview) is stopped after this long */
  timeoutSeconds: number;
  /** one PDF page is stopped after this long (pages already read are kept) */
  pageTimeoutSeconds: number;
  /** the sandbox is stopped when it needs more memory than this */
  memoryMb: number;
  /** images with more pixels are not decoded (not OCR'd, not previewed) */
  imageMaxPixels: number;
}

export const extractConfig = defineConfigPart({
  variables: [
    {
      name: 'BYGGDOK_EXTRACT_TIMEOUT_SECONDS',
      default: '`120`',
      description: "one file's extraction, unpacking or preview is stopped after this long (its sandbox is killed)",
    },
    {
      name: 'BYGGDOK_EXTRACT_PAGE_TIMEOUT_SECONDS',
      default: '`20`',
      description: 'one PDF page is stopped after this long; the pages read before it are kept',
    },
    {
      name: 'BYGGDOK_EXTRACT_MEMORY_MB',
      default: '`1024`',
      description: 'memory one extraction sandbox may use before it is killed',
    },
    {
      name: 'BYGGDOK_IMAGE_MAX_PIXELS',
      default: '`100000000`',
      description: 'images with more pixels are not decoded (no OCR, no preview), with the reason on the document',
    },
  ],
  read(env): { extract: ExtractConfig } {
    return {
      extract: {
        timeoutSeconds: env.int('BYGGDOK_EXTRACT_TIMEOUT_SECONDS', { default: 120, min: 1, max: 86_400 }),
        pageTimeoutSeconds: env.int('BYGGDOK_EXTRACT_PAGE_TIMEOUT_SECONDS', { default: 20, min: 1, max: 86_400 }),
        memoryMb: env.int('BYGGDOK_EXTRACT_MEMORY_MB', { default: 1024, min: 64, max: 1_048_576 }),
        imageMaxPixels: env.int('BYGGDOK_IMAGE_MAX_PIXELS', { default: 100_000_000, min: 1, max: 100_000_000_000 }),
      },
    };
  },
});
