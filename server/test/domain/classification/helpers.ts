import type { ClassificationInput } from '../../../src/domain/classification/classification.types.js';

/** A one-page input; size in millimetres as [width, height]. */
export function doc(args: {
  path: string;
  text?: string;
  size?: [number, number];
  kind?: ClassificationInput['fileKind'];
  title?: string;
  attributes?: Record<string, string>;
}): ClassificationInput {
  const filename = args.path.split('/').pop() ?? args.path;
  return {
    filename,
    originalPath: args.path,
    title: args.title ?? null,
    pages: [
      {
        pageNumber: 1,
        text: args.text ?? '',
        ...(args.size ? { widthMm: args.size[0], heightMm: args.size[1] } : {}),
      },
    ],
    fileKind: args.kind ?? 'pdf',
    ...(args.attributes ? { attributes: args.attributes } : {}),
  };
}

export const A1: [number, number] = [841, 594];
export const A3: [number, number] = [420, 297];
export const A4: [number, number] = [210, 297];
