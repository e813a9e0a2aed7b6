import type { CreateOcrOptions } from './index.js';
import type { Ocr, OcrOptions } from './ocr.js';

/**
 * OCR engines are slow to start (tesseract.js loads its language models): start one only when a document needs it,
 * and only once.
 */
export function createLazyOcr(options: CreateOcrOptions = {}): Ocr {
  let engine: Promise<Ocr> | null = null;
  // the engines' modules too (tesseract.js is large): loaded with the first page that needs reading
  const get = () => (engine ??= import('./index.js').then(({ createOcr }) => createOcr(options)));
  return {
    get provider() {
      return 'lazy';
    },
    recognize: async (image: Buffer | string, recognizeOptions?: OcrOptions) =>
      (await get()).recognize(image, recognizeOptions),
    close: async () => {
      if (engine) await (await engine).close();
      engine = null;
    },
  };
}
