import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api, formText, unwrap } from '../api.js';
import { Failure, Loaded } from '../components/Layout.js';
import { atLeast, useMe } from '../roles.js';

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

/** one webhook's deliveries, newest first, with each one's status and the receiver's answer */
function Deliveries(props: { customerId: string; webhookId: string; url: string }) {
  const { t, i18n } = useTranslation();
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
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  return (
    <section aria-labelledby="deliveries-title">
      <h2 id="deliveries-title">{t('webhooks.deliveriesOf', { url: props.url })}</h2>
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
                    <td>{dates.format(new Date(delivery.createdAt))}</td>
                    <td>{delivery.type}</td>
                    <td className={`delivery-${delivery.status}`}>{t(`webhooks.statuses.${delivery.status}`)}</td>
                    <td>{delivery.attempt}</td>
                    <td>
                      {delivery.responseStatus ?? ''} {delivery.error ?? ''}
                      {delivery.nextAttemptAt &&
                        ` ${t('webhooks.nextAttempt', { at: dates.format(new Date(delivery.nextAttemptAt)) })}`}
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
          const description = formText(event.currentTarget, 'description').trim();
          register.mutate({
            url: formText(event.currentTarget, 'url').trim(),
            events,
            description: description || null,
          });
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
          <output aria-label={t('webhooks.secret')}>
            <code>{register.data.secret}</code>
          </output>
        </div>
      )}
    </section>
  );
}

/**
 * Webhooks of a customer (ADMIN): register a URL for delivery events (the signing secret shown once), send a test,
 * turn one off or on, delete it, and see each one's deliveries with their status.
 */
export function WebhooksPage() {
  const { t } = useTranslation();
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
  const change = useMutation({
    mutationFn: (input: { webhookId: string; enabled: boolean }) =>
      unwrap(
        api.PATCH('/construction/customers/{customerId}/webhooks/{webhookId}', {
          params: { path: { ...path, webhookId: input.webhookId } },
          body: { enabled: input.enabled },
        }),
      ),
    onSuccess: () => void webhooks.refetch(),
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
    onSuccess: () => void webhooks.refetch(),
  });
  const selected = webhooks.data?.webhooks.find((w) => w.id === shown);
  return (
    <section className="webhooks">
      <h1>{t('webhooks.title')}</h1>
      <p className="muted">{t('webhooks.intro')}</p>
      <Loaded loading={me.isPending} error={me.error} retry={() => void me.refetch()}>
        {!customer && <p>{t('webhooks.adminOnly')}</p>}
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
                  <div className="table-scroll" role="region" aria-labelledby="webhooks-list-title" tabIndex={0}>
                    <table className="webhooks-list">
                      <thead>
                        <tr>
                          <th>{t('webhooks.url')}</th>
                          <th>{t('webhooks.events')}</th>
                          <th>{t('webhooks.status')}</th>
                          <th>
                            <span className="visually-hidden">{t('people.actions')}</span>
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {webhooks.data?.webhooks.map((webhook) => (
                          <tr key={webhook.id}>
                            <td>
                              <code>{webhook.url}</code>
                              {webhook.description && <div className="muted">{webhook.description}</div>}
                            </td>
                            <td>{webhook.events.join(', ')}</td>
                            <td>{webhook.enabled ? t('webhooks.enabled') : t('webhooks.disabled')}</td>
                            <td className="actions">
                              <button
                                type="button"
                                aria-label={t('webhooks.testNamed', { url: webhook.url })}
                                onClick={() => test.mutate(webhook.id)}
                              >
                                {t('webhooks.test')}
                              </button>
                              <button type="button" onClick={() => setShown(webhook.id)}>
                                {t('webhooks.showDeliveries')}
                              </button>
                              <button
                                type="button"
                                onClick={() => change.mutate({ webhookId: webhook.id, enabled: !webhook.enabled })}
                              >
                                {webhook.enabled ? t('webhooks.disable') : t('webhooks.enable')}
                              </button>
                              <button
                                type="button"
                                onClick={() => {
                                  if (window.confirm(t('webhooks.confirmDelete', { url: webhook.url })))
                                    remove.mutate(webhook.id);
                                }}
                              >
                                {t('webhooks.delete')}
                              </button>
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
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
