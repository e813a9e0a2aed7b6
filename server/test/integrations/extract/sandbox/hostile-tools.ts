/**
 * FileTools loaded INSIDE the extraction sandbox by the sandbox tests: the real tools, except for files whose name
 * asks for a parser that spins, allocates without bound, or hangs after some pages, as hostile input makes real
 * parsers do.
 */
import type { FileTools } from '../../../../src/domain/pipeline/ports.js';
import { createFileTools as createRealFileTools } from '../../../../src/integrations/extract/index.js';
import { createLazyOcr } from '../../../../src/integrations/ocr/lazy-ocr.js';

function spin(): never {
  for (;;) {
    // a parser in an endless loop never gives the event loop back
  }
}

export function createFileTools(options: { imageMaxPixels: number }): FileTools {
  const real = createRealFileTools({ ocr: createLazyOcr(), imageMaxPixels: options.imageMaxPixels });
  return {
    ...real,
    async extract(input) {
      if (input.filename.startsWith('spin')) spin();
      if (input.filename.startsWith('allocate')) {
        // off the JavaScript heap, as decoded image buffers are: only the resident-memory watchdog sees it
        const held: Buffer[] = [];
        for (;;) held.push(Buffer.alloc(32 * 1024 * 1024, 1));
      }
      if (input.filename.startsWith('heap')) {
        // large arrays of numbers: the heap fills in well under the time limit, not slowed by collecting small objects
        const held: unknown[] = [];
        for (let round = 0; ; round++) held.push(new Array<number>(1_000_000).fill(round));
      }
      if (input.filename.startsWith('pages')) {
        for (const pageNumber of [1, 2]) {
          input.progress?.pageStarted(pageNumber);
          input.progress?.pageDone({ pageNumber, text: `Side ${pageNumber} om brannskiller` });
        }
        input.progress?.pageStarted(3);
        // the IPC messages above leave before the loop blocks
        await new Promise((resolve) => setTimeout(resolve, 50));
        spin();
      }
      return real.extract(input);
    },
  };
}
