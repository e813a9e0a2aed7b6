import { formatContentDisposition } from './url-signer.js';

/**
 * The type and disposition a browser receives with a user's file, whichever store serves it (the S3 store bakes them
 * into its pre-signed URL, the embedded store's route sends them). Uploaded bytes are whatever the uploader says they
 * are, so a file is shown in the browser only when asked for (PDF preview) and only as a type that cannot run script
 * on the origin serving it; everything else, HTML and SVG above all, is an attachment.
 */
export interface DownloadHeaders {
  contentType: string;
  contentDisposition: string;
  inline: boolean;
}

/** Types a browser renders without running anything the file brings. SVG is an image that can carry script. */
const INLINE_CONTENT_TYPES: ReadonlySet<string> = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
]);

const FALLBACK_TYPE = 'application/octet-stream';
const TOKEN = "[A-Za-z0-9!#$&^_.+'*`|~-]+";
// RFC 9110 media type: type/subtype with optional parameters; anything else (a stray CR, a quote) is not sent on
const MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}(\\s*;\\s*${TOKEN}=(${TOKEN}|"[^"\\\\\\x00-\\x1f\\x7f]*"))*$`);

export function downloadHeaders(params: {
  filename?: string;
  contentType?: string;
  inline?: boolean;
}): DownloadHeaders {
  const declared = params.contentType?.trim();
  const contentType = declared && MEDIA_TYPE.test(declared) ? declared : FALLBACK_TYPE;
  const essence = contentType.split(';')[0]!.trim().toLowerCase();
  const inline = params.inline === true && INLINE_CONTENT_TYPES.has(essence);
  return {
    contentType,
    inline,
    contentDisposition: formatContentDisposition({
      ...(params.filename !== undefined ? { filename: params.filename } : {}),
      inline,
    }),
  };
}
