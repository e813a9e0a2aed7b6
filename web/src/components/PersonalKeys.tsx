import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, formText, unwrap } from '../api.js';
import { Failure, Loaded } from './Layout.js';
import { formatsFor } from '../format.js';
import { ConfirmButton } from './ui/Dialog.js';
import { DateField } from './ui/DateField.js';
import { useToast } from './ui/Toast.js';
import { CopyValue } from './ui/CopyButton.js';

/** a key expires tomorrow at the earliest: one that expires today is of no use */
const tomorrow = () => {
  const day = new Date();
  day.setDate(day.getDate() + 1);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
};

/** the person's own API keys, for scripts and assistants: made (shown once), listed, revoked */
export function PersonalKeys() {
  const { t, i18n } = useTranslation();
  const keys = useQuery({ queryKey: ['api-keys'], queryFn: () => unwrap(api.GET('/auth/api-keys')) });
  const create = useMutation({
    mutationFn: (body: { name: string; expiresAt?: string }) => unwrap(api.POST('/auth/api-keys', { body })),
    onSuccess: () => keys.refetch(),
  });
  const toast = useToast();
  const revoke = useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/auth/api-keys/{id}', { params: { path: { id } } })),
    onSuccess: async (_data, id) => {
      const name = keys.data?.keys.find((key) => key.id === id)?.name;
      await keys.refetch();
      if (name) toast(t('people.keyRevoked', { name }));
    },
  });
  const dates = { format: formatsFor(i18n.language).date };
  const when = (value: string | null) => (value ? dates.format(new Date(value)) : '–');
  return (
    <section aria-labelledby="keys-title">
      <h2 id="keys-title">{t('people.keys')}</h2>
      <p className="muted">{t('people.keysHelp')}</p>
      <Loaded loading={keys.isPending} error={keys.error} retry={() => void keys.refetch()}>
        {keys.data?.keys.length === 0 && <p className="muted">{t('people.noKeys')}</p>}
        <ul className="key-list">
          {keys.data?.keys.map((key) => (
            <li key={key.id}>
              <strong>{key.name}</strong> <code>{key.prefix}…</code>{' '}
              <span className="muted">
                {t('people.keyDates', {
                  created: when(key.createdAt),
                  expires: when(key.expiresAt),
                  used: when(key.lastUsedAt),
                })}
              </span>{' '}
              {key.revokedAt ? (
                <span className="bad">{t('people.revoked', { date: when(key.revokedAt) })}</span>
              ) : (
                <ConfirmButton
                  disabled={revoke.isPending}
                  aria-label={t('people.revokeNamed', { name: key.name })}
                  title={t('people.revokeNamed', { name: key.name })}
                  message={t('people.confirmRevoke', { name: key.name })}
                  confirm={t('people.revoke')}
                  onConfirm={() => revoke.mutate(key.id)}
                >
                  {t('people.revoke')}
                </ConfirmButton>
              )}
            </li>
          ))}
        </ul>
      </Loaded>
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const expires = formText(form, 'expires');
          create.mutate(
            {
              name: formText(form, 'name').trim(),
              // the end of the chosen day, in the person's time zone
              ...(expires ? { expiresAt: new Date(`${expires}T23:59:59`).toISOString() } : {}),
            },
            { onSuccess: () => form.reset() },
          );
        }}
      >
        <label>
          {t('people.keyName')}
          <input name="name" required maxLength={200} />
        </label>
        <DateField label={t('people.expires')} name="expires" min={tomorrow()} />
        <button type="submit" disabled={create.isPending}>
          {t('people.createKey')}
        </button>
      </form>
      <p className="field-hint">{t('people.expiresHint')}</p>
      {create.data && (
        <div role="status" className="new-key">
          <p>{t('people.keyOnce')}</p>
          <CopyValue value={create.data.key} name={t('people.newKey')} label={t('copy.key')} />
        </div>
      )}
      <Failure error={create.error ?? revoke.error} />
    </section>
  );
}
