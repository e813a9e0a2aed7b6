import { ApiFailure } from './api.js';

/**
 * PUT with upload progress (fetch has none). Its failures are the app's own kinds, so problemText says them in the
 * person's language: no answer is a TypeError (as fetch's), a refusal an ApiFailure with the status.
 */
export function putFile(url: string, file: File, onProgress: (sent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.setRequestHeader('content-type', file.type || 'application/octet-stream');
    request.upload.onprogress = (event) => onProgress(event.loaded);
    request.onload = () =>
      request.status < 300
        ? resolve()
        : reject(new ApiFailure(request.status, request.responseText, problemCode(request.responseText)));
    request.onerror = () => reject(new TypeError('the connection broke'));
    request.send(file);
  });
}

/** the stable code of a problem answer (upload.already_completed, url.expired), if the body is one */
function problemCode(body: string): string | undefined {
  try {
    const code = (JSON.parse(body) as { code?: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}
