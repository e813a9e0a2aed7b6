import i18next, { type TFunction } from 'i18next';
import { ByggdokApiError } from '@byggdok/sdk';
import { ApiFailure } from './api.js';

/** what the app reads of a refused call, from either kind of failure */
function refusal(error: Error): { status: number; code: string | null; fields: string[]; detail: string } | null {
  if (error instanceof ApiFailure) {
    return { status: error.status, code: error.code ?? null, fields: error.fields, detail: error.message };
  }
  if (error instanceof ByggdokApiError) {
    const fields = (error.problem?.errors ?? []).map((e) => e.path.replace(/^\//, '')).filter(Boolean);
    return { status: error.status, code: error.code, fields, detail: error.problem?.detail ?? error.message };
  }
  return null;
}

/**
 * A failure in the person's language: the problem's stable code has words in the translations (problems.codes), else
 * its HTTP status (problems.status); the server's `detail`, which is English, only when neither has words.
 */
export function problemText(t: TFunction, error: Error): string {
  const refused = refusal(error);
  if (refused) {
    if (refused.code === 'request.invalid' && refused.fields.length > 0) {
      return t('problems.fields', { fields: refused.fields.join(', ') });
    }
    if (refused.code && i18next.exists(`problems.codes.${refused.code}`)) return t(`problems.codes.${refused.code}`);
    if (i18next.exists(`problems.status.${refused.status}`)) return t(`problems.status.${refused.status}`);
    return t('error', { detail: refused.detail });
  }
  // fetch's own failure: no answer at all
  if (error.name === 'TypeError') return t('problems.network');
  return t('error', { detail: error.message });
}
