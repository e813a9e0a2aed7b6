import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppError } from '../../domain/shared/errors.js';
import { sendProblem } from '../plugins/errors.js';
import { escapeHtml, htmlPage, pageLanguage, wantsJson } from './sign-in-pages.js';

export const TEXT = {
  nb: {
    title: 'Lagringstjenesten ble ikke koblet til',
    again: 'Tilbake til byggdok',
    reasons: {
      'storage_provider.denied': 'Du sa nei til tilgang hos lagringstjenesten, så ingenting ble koblet til.',
      'storage_provider.bad_state':
        'Svaret fra lagringstjenesten hører ikke til en tilkobling du startet her, eller det er utløpt. Start på nytt.',
      'storage_provider.refused': 'Lagringstjenesten avviste tilkoblingen.',
      'storage_provider.no_refresh_token':
        'Lagringstjenesten ga ingen varig tilgang (offline_access). Be administratoren sjekke oppsettet.',
    } as Record<string, string>,
  },
  en: {
    title: 'The storage provider was not connected',
    again: 'Back to byggdok',
    reasons: {
      'storage_provider.denied': 'You declined access at the storage provider, so nothing was connected.',
      'storage_provider.bad_state':
        'This answer from the storage provider does not belong to a connection you started here, or it expired. Start again.',
      'storage_provider.refused': 'The storage provider refused the connection.',
      'storage_provider.no_refresh_token':
        'The storage provider gave no lasting access (offline_access). Ask your administrator to check the setup.',
    } as Record<string, string>,
  },
};

/** Why a connection stopped: a page for a browser (the provider sent it back here), problem+json for a client. */
export function sendStorageProviderFailure(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  if (wantsJson(request)) return sendProblem(reply, { status: 400, code: error.code, detail: error.message });
  const lang = pageLanguage(request);
  const text = TEXT[lang];
  // the reason in the page's language; the service's own (English) sentence only when there are no words for the code
  const reason = text.reasons[error.code] ?? error.message;
  const html = htmlPage({
    lang,
    title: text.title,
    body:
      `<p role="alert" data-code="${escapeHtml(error.code)}">${escapeHtml(reason)}</p>\n` +
      `<p><a href="/">${text.again}</a></p>`,
  });
  return reply.status(400).type('text/html; charset=utf-8').send(html);
}
