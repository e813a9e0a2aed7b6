import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, formText, unwrap } from '../../api.js';
import { Failure } from '../../components/Layout.js';
import { formatsFor } from '../../format.js';
import { useToast } from '../../components/ui/Toast.js';

/**
 * A subcontractor's portal link: the e-mail previewed and sent (a fresh token each time), and its tokens with expiry
 * and last use, each revocable at once.
 */
export function SubcontractorLink(props: {
  customerId: string;
  projectId: string;
  subcontractorId: string;
  name: string;
}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const base = { projectId: props.projectId, subcontractorId: props.subcontractorId };
  const tokensPath = {
    customerId: props.customerId,
    projectId: props.projectId,
    subcontractorId: props.subcontractorId,
  };
  const tokens = useQuery({
    queryKey: ['tokens', props.subcontractorId],
    enabled: open,
    queryFn: () =>
      unwrap(
        api.GET('/construction/customers/{customerId}/projects/{projectId}/subcontractors/{subcontractorId}/tokens', {
          params: { path: tokensPath },
        }),
      ),
  });
  const body = (form: HTMLFormElement) => {
    const message = formText(form, 'message').trim();
    return { ...base, locale: formText(form, 'locale') as 'no' | 'en', ...(message ? { message } : {}) };
  };
  const preview = useMutation({
    mutationFn: (form: HTMLFormElement) => unwrap(api.POST('/construction/deliveries/preview', { body: body(form) })),
  });
  const toast = useToast();
  const send = useMutation({
    mutationFn: (form: HTMLFormElement) =>
      unwrap(api.POST('/construction/deliveries/send-subcontractor-email', { body: body(form) })),
    onSuccess: async () => {
      await tokens.refetch();
      toast(t('projects.sent'));
    },
  });
  const revoke = useMutation({
    mutationFn: (tokenId: string) =>
      unwrap(
        api.DELETE(
          '/construction/customers/{customerId}/projects/{projectId}/subcontractors/{subcontractorId}/tokens/{tokenId}',
          { params: { path: { ...tokensPath, tokenId } } },
        ),
      ),
    onSuccess: () => tokens.refetch(),
  });
  const dates = { format: formatsFor(i18n.language).dateTime };
  const when = (value: string | null) => (value ? dates.format(new Date(value)) : '–');
  const failure = preview.error ?? send.error ?? revoke.error ?? tokens.error;
  if (!open)
    return (
      <button
        type="button"
        className="link-button"
        onClick={() => setOpen(true)}
        aria-label={t('projects.portalLinkNamed', { name: props.name })}
      >
        {t('projects.portalLink')}
      </button>
    );
  return (
    <div className="portal-link">
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          send.mutate(event.currentTarget);
        }}
      >
        <label>
          {t('projects.message')}
          <textarea name="message" rows={2} maxLength={2000} />
        </label>
        <label>
          {t('projects.mailLanguage')}
          <select name="locale" defaultValue={i18n.language === 'nb' ? 'no' : 'en'}>
            <option value="no">{t('languages.nb')}</option>
            <option value="en">{t('languages.en')}</option>
          </select>
        </label>
        <button
          type="button"
          onClick={(event) => preview.mutate(event.currentTarget.form!)}
          disabled={preview.isPending}
        >
          {t('projects.preview')}
        </button>
        <button type="submit" disabled={send.isPending}>
          {t('projects.send')}
        </button>
      </form>
      {preview.data && (
        <figure className="mail-preview">
          <figcaption>{preview.data.subject}</figcaption>
          <pre>{preview.data.text}</pre>
        </figure>
      )}
      {/* the heading only once there is a link to list */}
      {(tokens.data?.tokens.length ?? 0) > 0 && <h4>{t('projects.tokens')}</h4>}
      <ul className="key-list token-list">
        {tokens.data?.tokens.map((token) => (
          <li key={token.id}>
            <span className="muted">
              {token.lastUsedAt
                ? t('projects.tokenDates', {
                    created: when(token.createdAt),
                    expires: when(token.expiresAt),
                    used: when(token.lastUsedAt),
                  })
                : t('projects.tokenDatesUnused', { created: when(token.createdAt), expires: when(token.expiresAt) })}
            </span>{' '}
            {token.revokedAt ? (
              <span className="bad">{t('people.revoked', { date: when(token.revokedAt) })}</span>
            ) : (
              <button type="button" onClick={() => revoke.mutate(token.id)} disabled={revoke.isPending}>
                {t('people.revoke')}
              </button>
            )}
          </li>
        ))}
      </ul>
      <Failure error={failure} />
    </div>
  );
}
