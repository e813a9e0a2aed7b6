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
/**
 * Types a page may load as its own script or style sheet (the WHATWG list of JavaScript MIME types, and CSS). A file
 * is never sent as one: served from the app's origin, it would count as `'self'` in the app's Content-Security-Policy,
 * so an uploader's `x.js` could be the script of any HTML injection ever found. With `nosniff` the browser then refuses
 * to run it.
 */
const RUNNABLE_TYPE =
  /^(?:(?:application|text)\/(?:x-)?(?:ecma|java)script|text\/javascript1\.[0-5]|text\/(?:jscript|livescript)|text\/css)$/;
const TOKEN = "[A-Za-z0-9!#$&^_.+'*`|~-]+";
// RFC 9110 media type: type/subtype with optional parameters; anything else (a stray CR, a quote) is not sent on
const MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}(\\s*;\\s*${TOKEN}=(${TOKEN}|"[^"\\\\\\x00-\\x1f\\x7f]*"))*$`);

export function downloadHeaders(params: {
  filename?: string;
  contentType?: string;
  inline?: boolean;
}): DownloadHeaders {
  const declared = params.contentType?.trim();
  const wellFormed = declared && MEDIA_TYPE.test(declared) ? declared : FALLBACK_TYPE;
  const contentType = RUNNABLE_TYPE.test(essenceOf(wellFormed)) ? FALLBACK_TYPE : wellFormed;
  const essence = essenceOf(contentType);
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

/** a media type without its parameters, in lower case */
function essenceOf(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}
