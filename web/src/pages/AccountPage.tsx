import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api, ApiFailure, formText, unwrap } from '../api.js';
import { Failure, LanguagePicker, Loaded } from '../components/Layout.js';
import { PersonalKeys } from '../components/PersonalKeys.js';
import { changeLanguage, localeOfLanguage, type Language } from '../i18n.js';
import { useMe } from '../roles.js';
import { formatsFor } from '../format.js';
import { ConfirmButton } from '../components/ui/Dialog.js';
import { Tabs } from '../components/ui/Tabs.js';
import { useToast } from '../components/ui/Toast.js';

/** what the service says is wrong with a new password, as the problem's field errors word it */
const PROBLEMS: [RegExp, 'too_short' | 'too_long' | 'is_email' | 'too_common'][] = [
  [/at least \d+ characters/, 'too_short'],
  [/at most \d+ characters/, 'too_long'],
  [/e-mail address/, 'is_email'],
  [/most common passwords/, 'too_common'],
];

/** a refused password change in the person's words: each rule broken, a wrong current password, or how long to wait */
function usePasswordFailure() {
  const { t } = useTranslation();
  return (error: unknown): string[] => {
    if (!(error instanceof ApiFailure)) return error instanceof Error ? [error.message] : [];
    if (error.status === 429) {
      const seconds = Number(/(\d+) seconds/.exec(error.message)?.[1] ?? 900);
      const count = Math.max(1, Math.ceil(seconds / 60));
      return [t('account.wait', { minutes: t('account.minutes', { count }) })];
    }
    if (/current password/i.test(error.message)) return [t('account.wrongCurrent')];
    const rules = PROBLEMS.filter(([pattern]) => pattern.test(error.message)).map(([, key]) =>
      t(`account.problems.${key}`),
    );
    return rules.length > 0 ? rules : [error.message];
  };
}

/** the person's name (what others see) and the app's language, remembered for every device */
function Profile() {
  const { t } = useTranslation();
  const me = useMe();
  const queries = useQueryClient();
  const toast = useToast();
  const save = useMutation({
    mutationFn: (body: { name?: string; locale?: 'no' | 'en' }) => unwrap(api.PATCH('/auth/me', { body })),
    onSuccess: (updated) => {
      queries.setQueryData(['me'], updated);
      toast(t('account.saved'));
    },
  });
  async function choose(language: Language) {
    await changeLanguage(language);
    save.mutate({ locale: localeOfLanguage(language) });
  }
  return (
    <section aria-labelledby="profile-title">
      <h2 id="profile-title">{t('account.profile')}</h2>
      <form
        className="stacked-form"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ name: formText(event.currentTarget, 'name').trim() });
        }}
      >
        <label>
          {t('account.name')}
          <input
            name="name"
            defaultValue={me.data?.name ?? ''}
            required
            maxLength={200}
            autoComplete="name"
            aria-describedby="name-help"
          />
        </label>
        <p id="name-help" className="muted">
          {t('account.nameHelp')}
        </p>
        <p>
          <span className="label">{t('account.email')}</span> {me.data?.email}
        </p>
        <button type="submit" disabled={save.isPending}>
          {t('account.save')}
        </button>
        <Failure error={save.error} />
      </form>
      <LanguagePicker className="field" choose={(language) => void choose(language)} />
    </section>
  );
}

/** the person's personal keys that still work: neither revoked nor past their end */
function liveKeys(keys: { revokedAt: string | null; expiresAt: string | null }[] | undefined): number {
  const now = Date.now();
  return (keys ?? []).filter((key) => !key.revokedAt && (!key.expiresAt || Date.parse(key.expiresAt) > now)).length;
}

/**
 * a new password, with the current one; the service ends every other session and assistant, and the person's
 * personal API keys when they tick it (offered only while they have one that works)
 */
function PasswordChange(props: { email: string }) {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const [mismatch, setMismatch] = useState(false);
  const [revokeKeys, setRevokeKeys] = useState(false);
  const failure = usePasswordFailure();
  const keys = useQuery({ queryKey: ['api-keys'], queryFn: () => unwrap(api.GET('/auth/api-keys')) });
  const live = liveKeys(keys.data?.keys);
  const change = useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string; revokeApiKeys: boolean }) =>
      unwrap(api.POST('/auth/me/password', { body })),
    onSuccess: () =>
      Promise.all([
        queries.invalidateQueries({ queryKey: ['sessions'] }),
        queries.invalidateQueries({ queryKey: ['api-keys'] }),
      ]),
  });
  const problems = mismatch ? [t('account.notRepeated')] : change.error ? failure(change.error) : [];
  return (
    <section aria-labelledby="password-title">
      <h2 id="password-title">{t('account.password')}</h2>
      <form
        className="stacked-form"
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const next = formText(form, 'new');
          const same = next === formText(form, 'repeat');
          setMismatch(!same);
          if (!same) return;
          change.mutate(
            { currentPassword: formText(form, 'current'), newPassword: next, revokeApiKeys: revokeKeys && live > 0 },
            {
              onSuccess: () => {
                form.reset();
                setRevokeKeys(false);
              },
            },
          );
        }}
      >
        <input type="email" name="username" autoComplete="username" value={props.email} readOnly hidden />
        <label>
          {t('account.current')}
          <input name="current" type="password" autoComplete="current-password" required maxLength={1000} />
        </label>
        <label>
          {t('account.new')}
          <input
            name="new"
            type="password"
            autoComplete="new-password"
            required
            maxLength={1000}
            aria-describedby="password-rules"
          />
        </label>
        {/* the rules are the new password's: under its field, not between it and the current one */}
        <p id="password-rules" className="muted field-hint">
          {t('account.rules')}
        </p>
        <label>
          {t('account.repeat')}
          <input name="repeat" type="password" autoComplete="new-password" required maxLength={1000} />
        </label>
        {live > 0 && (
          <div>
            <label className="check">
              <input
                type="checkbox"
                name="revokeApiKeys"
                checked={revokeKeys}
                onChange={(event) => setRevokeKeys(event.target.checked)}
                aria-describedby="revoke-keys-hint"
              />
              {t('account.revokeKeys', { n: live })}
            </label>
            <p id="revoke-keys-hint" className="muted field-hint">
              {t('account.revokeKeysHint')}
            </p>
          </div>
        )}
        <button type="submit" disabled={change.isPending}>
          {t('account.change')}
        </button>
      </form>
      {problems.length > 0 && (
        <div role="alert" className="failure">
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      )}
      {change.isSuccess && !mismatch && (
        <p role="status">{t(change.variables.revokeApiKeys ? 'account.changedKeysRevoked' : 'account.changed')}</p>
      )}
    </section>
  );
}

/** where the person is signed in: device, address, last use; one or every other signed out */
function Sessions() {
  const { t, i18n } = useTranslation();
  const sessions = useQuery({ queryKey: ['sessions'], queryFn: () => unwrap(api.GET('/auth/me/sessions')) });
  const toast = useToast();
  const endOne = useMutation({
    mutationFn: (sessionId: string) =>
      unwrap(api.DELETE('/auth/me/sessions/{sessionId}', { params: { path: { sessionId } } })),
    onSuccess: async (_data, sessionId) => {
      const ended = sessions.data?.sessions.find((session) => session.id === sessionId);
      await sessions.refetch();
      if (ended) toast(t('account.signedOutSession', { device: device(ended.device) }));
    },
  });
  const endOthers = useMutation({
    mutationFn: () => unwrap(api.POST('/auth/me/sessions/sign-out-others')),
    onSuccess: () => sessions.refetch(),
  });
  const dates = { format: formatsFor(i18n.language).dateTime };
  const rows = sessions.data?.sessions ?? [];
  const device = (d: { browser: string | null; os: string | null }) =>
    d.browser && d.os
      ? t('account.deviceOn', { browser: d.browser, os: d.os })
      : (d.browser ?? d.os ?? t('account.unknownDevice'));
  return (
    <section aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t('account.sessions')}</h2>
      <p className="muted">{t('account.sessionsHelp')}</p>
      <Loaded loading={sessions.isPending} error={sessions.error} retry={() => void sessions.refetch()}>
        <div className="table-scroll">
          {/* aligned and spaced as the app's other tables; on a phone each browser a card of labelled lines */}
          <table className="plain sessions stack-on-phone">
            <thead>
              <tr>
                <th>{t('account.device')}</th>
                <th>{t('account.lastUsed')}</th>
                <th>{t('account.started')}</th>
                <th>{t('account.address')}</th>
                <th>
                  <span className="visually-hidden">{t('people.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((session) => (
                <tr key={session.id}>
                  <td className="stack-title">
                    {device(session.device)}
                    {session.current && <strong className="this-device"> · {t('account.thisDevice')}</strong>}
                  </td>
                  <td data-label={t('account.lastUsed')}>{dates.format(new Date(session.lastUsedAt))}</td>
                  <td data-label={t('account.started')}>{dates.format(new Date(session.createdAt))}</td>
                  <td data-label={t('account.address')}>{session.clientAddress ?? '–'}</td>
                  <td>
                    {!session.current && (
                      <button
                        type="button"
                        disabled={endOne.isPending}
                        aria-label={t('account.signOutSessionNamed', {
                          device: device(session.device),
                          when: dates.format(new Date(session.lastUsedAt)),
                        })}
                        onClick={() => endOne.mutate(session.id)}
                      >
                        {t('account.signOutSession')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {rows.some((session) => !session.current) ? (
          <button type="button" disabled={endOthers.isPending} onClick={() => endOthers.mutate()}>
            {t('account.signOutOthers')}
          </button>
        ) : (
          <p className="muted">{t('account.noOthers')}</p>
        )}
        {endOthers.isSuccess && <p role="status">{t('account.signedOutOthers', { count: endOthers.data.ended })}</p>}
      </Loaded>
      <Failure error={endOne.error ?? endOthers.error} />
    </section>
  );
}

/** the assistants the person allowed to act as them, each disconnected at once */
function Assistants() {
  const { t, i18n } = useTranslation();
  const assistants = useQuery({ queryKey: ['assistants'], queryFn: () => unwrap(api.GET('/auth/me/assistants')) });
  const toast = useToast();
  const disconnect = useMutation({
    mutationFn: (assistantId: string) =>
      unwrap(api.DELETE('/auth/me/assistants/{assistantId}', { params: { path: { assistantId } } })),
    onSuccess: async (_data, assistantId) => {
      const name = assistants.data?.assistants.find((assistant) => assistant.id === assistantId)?.name;
      await assistants.refetch();
      if (name) toast(t('account.disconnected', { name }));
    },
  });
  const dates = { format: formatsFor(i18n.language).dateTime };
  const when = (value: string | null) => (value ? dates.format(new Date(value)) : '–');
  return (
    <section aria-labelledby="assistants-title">
      <h2 id="assistants-title">{t('account.assistants')}</h2>
      <p className="muted">{t('account.assistantsHelp')}</p>
      <Loaded loading={assistants.isPending} error={assistants.error} retry={() => void assistants.refetch()}>
        {assistants.data?.assistants.length === 0 && <p className="muted">{t('account.noAssistants')}</p>}
        <ul className="key-list assistants">
          {assistants.data?.assistants.map((assistant) => (
            <li key={assistant.id}>
              <strong>{assistant.name}</strong>{' '}
              <span className="muted">
                {t('account.connected', { date: when(assistant.connectedAt), used: when(assistant.lastUsedAt) })}
                {assistant.redirectHosts.length > 0 &&
                  ` · ${t('account.returnsTo', { hosts: assistant.redirectHosts.join(', ') })}`}
              </span>{' '}
              <ConfirmButton
                disabled={disconnect.isPending}
                aria-label={t('account.disconnectNamed', { name: assistant.name })}
                title={t('account.disconnectNamed', { name: assistant.name })}
                message={t('account.confirmDisconnect', { name: assistant.name })}
                confirm={t('account.disconnect')}
                onConfirm={() => disconnect.mutate(assistant.id)}
              >
                {t('account.disconnect')}
              </ConfirmButton>
            </li>
          ))}
        </ul>
      </Loaded>
      <Failure error={disconnect.error} />
    </section>
  );
}

type HistoryEvent = {
  action: string;
  actor: { kind: string };
  details: Record<string, unknown>;
};

/** what an event of the person's history was about, in words: the assistant, the key, why a sign-in failed ... */
function useHistoryWords() {
  const { t, i18n } = useTranslation();
  const formats = formatsFor(i18n.language);
  return (event: HistoryEvent): string => {
    const d = event.details;
    const text = (key: string) => (typeof d[key] === 'string' ? d[key] : null);
    const count = (key: string) => (typeof d[key] === 'number' ? d[key] : null);
    const parts: string[] = [];
    const assistant = text('clientName') ?? (text('clientId') ? t('account.history.unnamedAssistant') : null);
    if (assistant) parts.push(t('account.history.assistant', { name: assistant }));
    if (event.action.startsWith('api_key.') && text('name'))
      parts.push(t('account.history.key', { name: text('name') }));
    if (event.action === 'user.profile_changed' && text('previousName')) {
      parts.push(`${text('previousName')} → ${text('name') ?? ''}`);
    }
    // a password's try says `wrong_password`; a refusal at the provider's callback its error code (`sign_in.not_invited`)
    const reason = text('reason')?.replace(/^sign_in\./, '');
    if (reason) parts.push(t(`account.history.reasons.${reason}`, t('account.history.reasons.other')));
    const via = text('via');
    if (via) parts.push(t(`account.history.via.${via}`, via));
    const until = text('until');
    if (until) parts.push(t('account.history.until', { time: formats.dateTime(new Date(until)) }));
    const ended = count('ended');
    if (ended !== null) parts.push(t('account.history.sessionsEnded', { count: ended }));
    const revoked = count('revokedApiKeys');
    if (revoked !== null) parts.push(t('account.history.keysRevoked', { count: revoked }));
    if (d.withNewPassword === true) parts.push(t('account.history.withNewPassword'));
    if (event.actor.kind === 'operator') parts.push(t('account.history.byOperator'));
    return parts.join(' · ');
  };
}

/**
 * What happened to the person's account, newest first, as the service recorded it: sign-ins (and failed tries of
 * their address), passwords, personal keys, assistants allowed and ended, the operator's changes; where each came from
 */
function History() {
  const { t, i18n } = useTranslation();
  const events = useInfiniteQuery({
    queryKey: ['history'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      unwrap(
        api.GET('/auth/me/history', {
          params: { query: { limit: 50, ...(pageParam ? { next_token: pageParam } : {}) } },
        }),
      ),
    getNextPageParam: (last) => last.nextToken ?? undefined,
  });
  const words = useHistoryWords();
  const rows = events.data?.pages.flatMap((page) => page.events) ?? [];
  const dates = formatsFor(i18n.language);
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title">{t('account.history.title')}</h2>
      <p className="muted">{t('account.history.help')}</p>
      <Loaded loading={events.isPending} error={events.error} retry={() => void events.refetch()}>
        {rows.length === 0 && <p className="muted">{t('account.history.none')}</p>}
        {rows.length > 0 && (
          <div className="table-scroll">
            <table className="audit stack-on-phone">
              <thead>
                <tr>
                  <th>{t('people.when')}</th>
                  <th>{t('people.action')}</th>
                  <th>{t('people.what')}</th>
                  <th>{t('account.address')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((event) => (
                  <tr key={event.id}>
                    <td className="stack-title">{dates.dateTime(new Date(event.occurredAt))}</td>
                    <td data-label={t('people.action')}>
                      {t(`people.audit.actions.${event.action}`, t('account.history.other'))}
                    </td>
                    <td data-label={t('people.what')} className="muted">
                      {words(event) || '–'}
                    </td>
                    <td data-label={t('account.address')}>{event.clientAddress ?? '–'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {events.hasNextPage && (
          <button type="button" onClick={() => void events.fetchNextPage()} disabled={events.isFetchingNextPage}>
            {t('people.more')}
          </button>
        )}
      </Loaded>
    </section>
  );
}

/** the account's sections, each a tab; the chosen one is `?tab=` in the address so a reload or Back keeps it */
const SECTIONS = ['profile', 'security', 'keys', 'assistants', 'history'] as const;
type Section = (typeof SECTIONS)[number];
const isSection = (value: string | null): value is Section => SECTIONS.some((section) => section === value);

/**
 * The person's own account in tabs: name and language; sign-in and security (password on the embedded sign-in, where
 * they are signed in); their personal API keys; the assistants they connected.
 */
export function AccountPage() {
  const { t } = useTranslation();
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const selected: Section = isSection(asked) ? asked : 'profile';
  const labels: Record<Section, string> = {
    profile: t('account.tabs.profile'),
    security: t('account.tabs.security'),
    keys: t('account.tabs.keys'),
    assistants: t('account.tabs.assistants'),
    history: t('account.tabs.history'),
  };
  const panels: Record<Section, React.ReactNode> = {
    profile: me.data && <Profile key={me.data.id} />,
    security: (
      <>
        {me.data?.passwordSignIn ? (
          <PasswordChange email={me.data.email} />
        ) : (
          <section aria-labelledby="password-title">
            <h2 id="password-title">{t('account.password')}</h2>
            <p className="muted">{t('account.providerPasswords')}</p>
          </section>
        )}
        <Sessions />
      </>
    ),
    keys: <PersonalKeys />,
    assistants: <Assistants />,
    history: <History />,
  };
  return (
    <section className="people account">
      <h1>{t('account.title')}</h1>
      <Loaded loading={me.isPending} error={me.error} retry={() => void me.refetch()}>
        <Tabs
          label={t('account.sections')}
          selected={selected}
          // each switch replaces the address, so Back leaves the page instead of walking through the tabs
          onSelect={(id) =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                if (id === 'profile') next.delete('tab');
                else next.set('tab', id);
                return next;
              },
              { replace: true },
            )
          }
          tabs={SECTIONS.map((id) => ({ id, label: labels[id], panel: panels[id] }))}
        />
      </Loaded>
    </section>
  );
}
