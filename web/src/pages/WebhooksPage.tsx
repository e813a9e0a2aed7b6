import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api, formText, unwrap } from '../api.js';
import { Failure, Loaded } from '../components/Layout.js';
import { atLeast, useMe } from '../roles.js';
import { ConfirmButton } from '../components/ui/Dialog.js';
import { formatsFor } from '../format.js';
import { CopyValue } from '../components/ui/CopyButton.js';
import { useToast } from '../components/ui/Toast.js';

/** the events a customer's webhook may hear (decisions.md, "Webhooks") */
const EVENTS = [
  'delivery.updated',
  'delivery.approved',
  'delivery.declined',
  'subcontractor.uploaded',
  'project.handed_over',
  'webhook.test',
] as const;
type EventType = (typeof EVENTS)[number];

/** an event type in words of the page's language (an unknown one, from a newer service, as it is) */
function useEventName(): (type: string) => string {
  const { t } = useTranslation();
  return (type) =>
    (EVENTS as readonly string[]).includes(type) ? t(`webhooks.eventNames.${type.replace('.', '_')}`) : type;
}

/**
 * What the receiver answered, in words of the page's language: the service's own delivery errors are English
 * sentences ("no answer within 10 s"), so they are recognised here and said again; a network error keeps only its
 * code (ECONNREFUSED).
 */
function useAnswer(): (delivery: { status: string; responseStatus: number | null; error: string | null }) => string {
  const { t } = useTranslation();
  return ({ status, responseStatus, error }) => {
    const text = error ?? '';
    if (status === 'succeeded') return t('webhooks.answers.status', { status: responseStatus ?? '' });
    if (text === 'the webhook is disabled') return t('webhooks.answers.disabled');
    if (text === 'the webhook was deleted') return t('webhooks.answers.deleted');
    if (responseStatus !== null && text.startsWith('redirect'))
      return t('webhooks.answers.redirect', { status: responseStatus });
    if (responseStatus !== null) return t('webhooks.answers.status', { status: responseStatus });
    const timeout = /^no answer within ([\d.]+) s/.exec(text);
    if (timeout) return t('webhooks.answers.timeout', { seconds: timeout[1] });
    if (text.startsWith('refused')) return t('webhooks.answers.refused');
    if (!text) return status === 'pending' ? t('webhooks.answers.waiting') : '';
    const code = /\b(E[A-Z_]{3,})\b/.exec(text)?.[1];
    return code ? t('webhooks.answers.unreachableCode', { code }) : t('webhooks.answers.unreachable');
  };
}

/** one webhook's deliveries, newest first, with each one's status and the receiver's answer */
function Deliveries(props: { customerId: string; webhookId: string; url: string }) {
  const { t, i18n } = useTranslation();
  const eventName = useEventName();
  const answer = useAnswer();
  const deliveries = useQuery({
    queryKey: ['webhook-deliveries', props.webhookId],
    queryFn: () =>
      unwrap(
        api.GET('/construction/customers/{customerId}/webhooks/{webhookId}/deliveries', {
          params: { path: { customerId: props.customerId, webhookId: props.webhookId }, query: { limit: 50 } },
        }),
      ),
    refetchInterval: 5000,
  });
  // the app's dates, to the second: attempts come seconds apart
  const when = formatsFor(i18n.language).dateTimeSeconds;
  return (
    <section aria-labelledby="deliveries-title">
      <h2 id="deliveries-title">
        {t('webhooks.deliveriesOf')} <code className="webhook-url">{props.url}</code>
      </h2>
      <Loaded loading={deliveries.isPending} error={deliveries.error} retry={() => void deliveries.refetch()}>
        {deliveries.data?.deliveries.length === 0 ? (
          <p className="muted">{t('webhooks.noDeliveries')}</p>
        ) : (
          // focusable, so a keyboard scrolls it on a narrow screen
          <div className="table-scroll" role="region" aria-labelledby="deliveries-title" tabIndex={0}>
            <table className="webhook-deliveries">
              <thead>
                <tr>
                  <th>{t('webhooks.when')}</th>
                  <th>{t('webhooks.event')}</th>
                  <th>{t('webhooks.status')}</th>
                  <th>{t('webhooks.attempts')}</th>
                  <th>{t('webhooks.answer')}</th>
                </tr>
              </thead>
              <tbody>
                {deliveries.data?.deliveries.map((delivery) => (
                  <tr key={delivery.id}>
                    <td data-label={t('webhooks.when')}>{when(delivery.createdAt)}</td>
                    <td data-label={t('webhooks.event')}>{eventName(delivery.type)}</td>
                    <td data-label={t('webhooks.status')} className={`delivery-${delivery.status}`}>
                      {t(`webhooks.statuses.${delivery.status}`)}
                    </td>
                    <td data-label={t('webhooks.attempts')}>{delivery.attempt}</td>
                    <td data-label={t('webhooks.answer')}>
                      {answer(delivery)}
                      {delivery.nextAttemptAt &&
                        ` · ${t('webhooks.nextAttempt', { at: when(delivery.nextAttemptAt) })}`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Loaded>
    </section>
  );
}

/** register a URL for some events: the secret is shown once, in the answer */
function RegisterForm(props: { customerId: string; registered: () => void }) {
  const { t } = useTranslation();
  const [events, setEvents] = useState<EventType[]>(['delivery.approved', 'delivery.declined']);
  const register = useMutation({
    mutationFn: (body: { url: string; events: EventType[]; description: string | null }) =>
      unwrap(
        api.POST('/construction/customers/{customerId}/webhooks', {
          params: { path: { customerId: props.customerId } },
          body,
        }),
      ),
    onSuccess: props.registered,
  });
  return (
    <section aria-labelledby="register-title">
      <h2 id="register-title">{t('webhooks.register')}</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const description = formText(form, 'description').trim();
          register.mutate(
            { url: formText(form, 'url').trim(), events, description: description || null },
            // registered: the fields empty again, so a second click does not register the same URL twice
            { onSuccess: () => form.reset() },
          );
        }}
      >
        <label>
          {t('webhooks.url')}
          <input name="url" type="url" required placeholder="https://" />
        </label>
        <fieldset>
          <legend>{t('webhooks.events')}</legend>
          {EVENTS.map((type) => (
            <label key={type} className="checkbox">
              <input
                type="checkbox"
                checked={events.includes(type)}
                onChange={(event) =>
                  setEvents(event.target.checked ? [...events, type] : events.filter((e) => e !== type))
                }
              />
              {t(`webhooks.eventNames.${type.replace('.', '_')}`)} <code>{type}</code>
            </label>
          ))}
        </fieldset>
        <label>
          {t('webhooks.description')}
          <input name="description" maxLength={500} />
        </label>
        <button type="submit" disabled={register.isPending || events.length === 0}>
          {t('webhooks.registerButton')}
        </button>
      </form>
      <Failure error={register.error} />
      {register.data && (
        <div role="status" className="secret-once">
          <p>{t('webhooks.secretOnce')}</p>
          <CopyValue value={register.data.secret} name={t('webhooks.secret')} label={t('copy.secret')} />
        </div>
      )}
    </section>
  );
}

/** why a person who is not a customer's ADMIN sees no webhooks: the role they have, and who can */
function NotAdmin(props: { customers: { id: string; name: string; role?: string | null }[] }) {
  const { t } = useTranslation();
  if (props.customers.length === 0) return <p>{t('webhooks.adminOnly')}</p>;
  return (
    <>
      {props.customers.map((c) => (
        <p key={c.id}>
          {t('webhooks.notAdmin', {
            customer: c.name,
            role: c.role ? t(`people.roles.${c.role}`) : t('people.roles.NO_ACCESS'),
          })}
        </p>
      ))}
    </>
  );
}

/**
 * Webhooks of a customer (ADMIN): register a URL for delivery events (the signing secret shown once), send a test,
 * turn one off or on, delete it, and see each one's deliveries with their status.
 */
export function WebhooksPage() {
  const { t } = useTranslation();
  const eventName = useEventName();
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const customers = me.data?.customers.filter((c) => atLeast(c.role ?? null, 'ADMIN')) ?? [];
  const customer = customers.find((c) => c.id === params.get('customer')) ?? customers[0];
  const [shown, setShown] = useState<string | null>(null);
  const path = { customerId: customer?.id ?? '' };
  const webhooks = useQuery({
    queryKey: ['webhooks', customer?.id],
    enabled: Boolean(customer),
    queryFn: () => unwrap(api.GET('/construction/customers/{customerId}/webhooks', { params: { path } })),
  });
  const toast = useToast();
  const change = useMutation({
    mutationFn: (input: { webhookId: string; enabled: boolean }) =>
      unwrap(
        api.PATCH('/construction/customers/{customerId}/webhooks/{webhookId}', {
          params: { path: { ...path, webhookId: input.webhookId } },
          body: { enabled: input.enabled },
        }),
      ),
    onSuccess: async (_data, input) => {
      await webhooks.refetch();
      toast(input.enabled ? t('webhooks.turnedOn') : t('webhooks.turnedOff'));
    },
  });
  const test = useMutation({
    mutationFn: (webhookId: string) =>
      unwrap(
        api.POST('/construction/customers/{customerId}/webhooks/{webhookId}/test', {
          params: { path: { ...path, webhookId } },
        }),
      ),
    onSuccess: (_data, webhookId) => setShown(webhookId),
  });
  const remove = useMutation({
    mutationFn: (webhookId: string) =>
      unwrap(
        api.DELETE('/construction/customers/{customerId}/webhooks/{webhookId}', {
          params: { path: { ...path, webhookId } },
        }),
      ),
    onSuccess: async () => {
      await webhooks.refetch();
      toast(t('webhooks.removed'));
    },
  });
  const selected = webhooks.data?.webhooks.find((w) => w.id === shown);
  return (
    <section className="webhooks">
      <h1>{t('webhooks.title')}</h1>
      <p className="muted">{t('webhooks.intro')}</p>
      <Loaded loading={me.isPending} error={me.error} retry={() => void me.refetch()}>
        {!customer && <NotAdmin customers={me.data?.customers ?? []} />}
        {customers.length > 1 && (
          <label>
            {t('people.customer')}
            <select value={customer?.id} onChange={(event) => setParams({ customer: event.target.value })}>
              {customers.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {customer && (
          <>
            <RegisterForm
              key={`register-${customer.id}`}
              customerId={customer.id}
              registered={() => void webhooks.refetch()}
            />
            <section aria-labelledby="webhooks-list-title">
              <h2 id="webhooks-list-title">{t('webhooks.registered')}</h2>
              <Loaded loading={webhooks.isPending} error={webhooks.error} retry={() => void webhooks.refetch()}>
                {webhooks.data?.webhooks.length === 0 ? (
                  <p className="muted">{t('webhooks.none')}</p>
                ) : (
                  <ul className="webhook-cards">
                    {webhooks.data?.webhooks.map((webhook) => (
                      <li key={webhook.id} aria-label={webhook.description ?? webhook.url}>
                        <div className="webhook-head">
                          <code className="webhook-url">{webhook.url}</code>
                          <span className={`badge ${webhook.enabled ? 'badge-on' : 'badge-off'}`}>
                            {webhook.enabled ? t('webhooks.enabled') : t('webhooks.disabled')}
                          </span>
                        </div>
                        {webhook.description && <div>{webhook.description}</div>}
                        <div className="muted">
                          {t('webhooks.events')}: {webhook.events.map(eventName).join(', ')}
                        </div>
                        {!webhook.enabled && <div className="muted">{t('webhooks.offHint')}</div>}
                        <div className="actions">
                          <button
                            type="button"
                            aria-label={t('webhooks.testNamed', { url: webhook.url })}
                            disabled={!webhook.enabled}
                            title={webhook.enabled ? undefined : t('webhooks.testOff')}
                            onClick={() => test.mutate(webhook.id)}
                          >
                            {t('webhooks.test')}
                          </button>
                          <button
                            type="button"
                            aria-pressed={shown === webhook.id}
                            onClick={() => setShown(shown === webhook.id ? null : webhook.id)}
                          >
                            {t('webhooks.showDeliveries')}
                          </button>
                          <button
                            type="button"
                            onClick={() => change.mutate({ webhookId: webhook.id, enabled: !webhook.enabled })}
                          >
                            {webhook.enabled ? t('webhooks.disable') : t('webhooks.enable')}
                          </button>
                          <ConfirmButton
                            title={t('webhooks.deleteTitle')}
                            message={t('webhooks.confirmDelete', { url: webhook.url })}
                            confirm={t('webhooks.delete')}
                            onConfirm={() => remove.mutate(webhook.id)}
                          >
                            {t('webhooks.delete')}
                          </ConfirmButton>
                        </div>
                      </li>
                    ))}
                  </ul>
                )}
              </Loaded>
              <Failure error={change.error ?? test.error ?? remove.error} />
            </section>
            {selected && (
              <Deliveries key={selected.id} customerId={customer.id} webhookId={selected.id} url={selected.url} />
            )}
          </>
        )}
      </Loaded>
    </section>
  );
}
