import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api, formText, unwrap } from '../api.js';
import { Loaded, Failure } from '../components/Layout.js';
import { atLeast } from '../roles.js';
import { daysUntil } from './ProjectsPage.js';

type Delivery = Awaited<ReturnType<typeof listDeliveries>>['deliveries'][number];
type Approval = 'APPROVED' | 'DECLINED' | null;

const STATES = ['NO_DOCUMENTS', 'IN_PROGRESS', 'READY_TO_REVIEW', 'IN_REVIEW', 'DONE', 'CORRUPT'] as const;

const listDeliveries = (projectId: string) =>
  unwrap(api.GET('/construction/deliveries/project/{projectId}', { params: { path: { projectId } } }));

/** what a project's deliveries come to: per state, what waits for review, what each subcontractor still owes */
export function summarise(deliveries: Delivery[]) {
  const byState = new Map<string, number>(STATES.map((state) => [state, 0]));
  const missing = new Map<string | null, string[]>();
  let toReview = 0;
  for (const delivery of deliveries) {
    byState.set(delivery.progress.state, (byState.get(delivery.progress.state) ?? 0) + 1);
    for (const type of delivery.progress.informationTypes) {
      if (type.state === 'READY_TO_REVIEW' || type.state === 'IN_REVIEW') toReview += 1;
      if (type.documents === 0 || type.approvalStatus === 'DECLINED') {
        const owed = missing.get(delivery.subContractorId) ?? [];
        owed.push(type.informationType);
        missing.set(delivery.subContractorId, owed);
      }
    }
  }
  return { byState, missing, toReview };
}

/** one delivery: its expected information types as a checklist, each approved or declined with a comment */
function DeliveryCard(props: { delivery: Delivery; subcontractor: string; canReview: boolean; changed: () => void }) {
  const { t } = useTranslation();
  const { delivery } = props;
  const [declining, setDeclining] = useState<string | null>(null);
  const review = useMutation({
    mutationFn: (changes: { informationType: string; approvalStatus: Approval; comment?: string | null }[]) =>
      unwrap(
        api.PUT('/construction/deliveries/{id}', {
          params: { path: { id: delivery.id } },
          // every type is sent: the list replaces the delivery's approvals
          body: {
            informationTypes: [
              ...new Set([
                ...delivery.informationTypesExpected,
                ...delivery.informationTypes.map((type) => type.informationType),
              ]),
            ].map((name) => {
              const type = delivery.informationTypes.find((entry) => entry.informationType === name);
              const change = changes.find((c) => c.informationType === name);
              return {
                informationType: name,
                approvalStatus: change ? change.approvalStatus : (type?.approvalStatus ?? null),
                comment: change && change.comment !== undefined ? change.comment : (type?.comment ?? null),
              };
            }),
          },
        }),
      ),
    onSuccess: () => {
      setDeclining(null);
      props.changed();
    },
  });
  const approvals = new Map(delivery.informationTypes.map((type) => [type.informationType, type]));
  const delivered = delivery.progress.informationTypes.filter(
    (type) => type.documents > 0 && type.approvalStatus !== 'APPROVED',
  );
  return (
    <li className="delivery" aria-labelledby={`delivery-${delivery.id}`}>
      <h3 id={`delivery-${delivery.id}`}>
        {delivery.buildingCategory} {delivery.description ?? ''}{' '}
        <span className={`delivery-state state-${delivery.progress.state}`}>
          {t(`projects.states.${delivery.progress.state}`)}
        </span>
      </h3>
      <p className="muted">
        {props.subcontractor} ·{' '}
        {t('projects.deliveryProgress', {
          delivered: delivery.progress.delivered,
          approved: delivery.progress.approved,
          expected: delivery.progress.expected,
        })}
      </p>
      <progress
        max={Math.max(delivery.progress.expected, 1)}
        value={delivery.progress.approved}
        aria-label={t('projects.approvedShare')}
      />
      <ul className="checklist">
        {delivery.progress.informationTypes.map((type) => {
          const approval = approvals.get(type.informationType);
          return (
            <li key={type.informationType} data-state={type.state}>
              <span className="checklist-type">{type.informationType}</span>
              <span className="muted">{t('projects.documents', { count: type.documents })}</span>
              <span className={`approval approval-${type.approvalStatus ?? 'none'}`}>
                {t(`projects.approval.${type.approvalStatus ?? 'none'}`)}
              </span>
              {approval?.comment && <span className="muted">“{approval.comment}”</span>}
              {props.canReview && type.documents > 0 && (
                <span className="checklist-actions">
                  <button
                    type="button"
                    disabled={review.isPending || type.approvalStatus === 'APPROVED'}
                    aria-label={t('projects.approveNamed', { type: type.informationType })}
                    onClick={() =>
                      review.mutate([
                        { informationType: type.informationType, approvalStatus: 'APPROVED', comment: null },
                      ])
                    }
                  >
                    {t('projects.approve')}
                  </button>
                  <button
                    type="button"
                    disabled={review.isPending}
                    aria-label={t('projects.declineNamed', { type: type.informationType })}
                    onClick={() => setDeclining(type.informationType)}
                  >
                    {t('projects.decline')}
                  </button>
                </span>
              )}
              {declining === type.informationType && (
                <form
                  className="inline-form"
                  onSubmit={(event) => {
                    event.preventDefault();
                    review.mutate([
                      {
                        informationType: type.informationType,
                        approvalStatus: 'DECLINED',
                        comment: formText(event.currentTarget, 'comment').trim(),
                      },
                    ]);
                  }}
                >
                  <label>
                    {t('projects.declineWhy')}
                    <input name="comment" required maxLength={2000} autoFocus />
                  </label>
                  <button type="submit">{t('projects.sendDecline')}</button>
                </form>
              )}
            </li>
          );
        })}
      </ul>
      {props.canReview && delivered.length > 1 && (
        <button
          type="button"
          disabled={review.isPending}
          onClick={() =>
            review.mutate(
              delivered.map((type) => ({
                informationType: type.informationType,
                approvalStatus: 'APPROVED' as const,
                comment: null,
              })),
            )
          }
        >
          {t('projects.approveAll', { count: delivered.length })}
        </button>
      )}
      <Failure error={review.error} />
    </li>
  );
}

/**
 * A subcontractor's portal link: the e-mail previewed and sent (a fresh token each time), and its tokens with expiry
 * and last use, each revocable at once.
 */
function SubcontractorLink(props: { customerId: string; projectId: string; subcontractorId: string; name: string }) {
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
  const send = useMutation({
    mutationFn: (form: HTMLFormElement) =>
      unwrap(api.POST('/construction/deliveries/send-subcontractor-email', { body: body(form) })),
    onSuccess: () => tokens.refetch(),
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
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
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
      {send.isSuccess && <p role="status">{t('projects.sent')}</p>}
      <h4>{t('projects.tokens')}</h4>
      <ul className="key-list">
        {tokens.data?.tokens.map((token) => (
          <li key={token.id}>
            <span className="muted">
              {t('projects.tokenDates', {
                created: when(token.createdAt),
                expires: when(token.expiresAt),
                used: when(token.lastUsedAt),
              })}
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

/**
 * One construction project: a dashboard (deliveries by state, what waits for review, what each subcontractor still
 * owes, days to the planned handover), its subcontractors, and its deliveries to review.
 */
export function ProjectPage() {
  const { t } = useTranslation();
  const { customerId = '', projectId = '' } = useParams();
  const queries = useQueryClient();
  const project = useQuery({
    queryKey: ['project', customerId, projectId],
    queryFn: () =>
      unwrap(
        api.GET('/construction/customers/{customerId}/projects/{projectId}', {
          params: { path: { customerId, projectId } },
        }),
      ),
  });
  const deliveries = useQuery({ queryKey: ['deliveries', projectId], queryFn: () => listDeliveries(projectId) });
  const subcontractors = useQuery({
    queryKey: ['subcontractors', projectId],
    queryFn: () =>
      unwrap(
        api.GET('/construction/customers/{customerId}/projects/{projectId}/subcontractors', {
          params: { path: { customerId, projectId } },
        }),
      ),
  });
  const addSubcontractor = useMutation({
    mutationFn: (body: { companyName: string; email: string; contactName?: string }) =>
      unwrap(
        api.POST('/construction/customers/{customerId}/projects/{projectId}/subcontractors', {
          params: { path: { customerId, projectId } },
          body,
        }),
      ),
    onSuccess: () => subcontractors.refetch(),
  });
  const names = new Map(subcontractors.data?.subcontractors.map((s) => [s.id, s.companyName]));
  const nameOf = (id: string | null) => (id ? (names.get(id) ?? id) : t('projects.unassigned'));
  const summary = summarise(deliveries.data?.deliveries ?? []);
  const p = project.data;
  const canWrite = atLeast(p?.role, 'WRITE_ACCESS');
  return (
    <section className="project">
      <p>
        <Link to="/projects">← {t('projects.back')}</Link>
      </p>
      <Loaded loading={project.isPending} error={project.error} retry={() => void project.refetch()}>
        {p && (
          <>
            <h1>{p.name}</h1>
            <p className="muted">
              {[p.projectNumber, p.address, t(`projects.status.${p.status}`)].filter(Boolean).join(' · ')}
            </p>
            <section aria-labelledby="dashboard-title" className="dashboard">
              <h2 id="dashboard-title">{t('projects.dashboard')}</h2>
              <dl className="figures">
                {p.plannedHandoverDate && (
                  <div>
                    <dt>{t('projects.handover')}</dt>
                    <dd>{t('projects.daysLeft', { count: daysUntil(p.plannedHandoverDate) })}</dd>
                  </div>
                )}
                <div>
                  <dt>{t('projects.toReview')}</dt>
                  <dd>{summary.toReview}</dd>
                </div>
                {STATES.filter((state) => (summary.byState.get(state) ?? 0) > 0).map((state) => (
                  <div key={state}>
                    <dt>{t(`projects.states.${state}`)}</dt>
                    <dd>{summary.byState.get(state)}</dd>
                  </div>
                ))}
              </dl>
              {summary.missing.size > 0 && (
                <>
                  <h3>{t('projects.missing')}</h3>
                  <ul className="missing">
                    {[...summary.missing].map(([subcontractor, types]) => (
                      <li key={subcontractor ?? 'none'}>
                        <strong>{nameOf(subcontractor)}</strong>: {types.join(', ')}
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </section>
            <section aria-labelledby="deliveries-title">
              <h2 id="deliveries-title">{t('projects.deliveries')}</h2>
              <Loaded loading={deliveries.isPending} error={deliveries.error} retry={() => void deliveries.refetch()}>
                {deliveries.data?.deliveries.length === 0 && <p className="muted">{t('projects.noDeliveries')}</p>}
                <ul className="deliveries">
                  {deliveries.data?.deliveries.map((delivery) => (
                    <DeliveryCard
                      key={delivery.id}
                      delivery={delivery}
                      subcontractor={nameOf(delivery.subContractorId)}
                      canReview={canWrite}
                      changed={() => void queries.invalidateQueries({ queryKey: ['deliveries', projectId] })}
                    />
                  ))}
                </ul>
              </Loaded>
            </section>
            <section aria-labelledby="subcontractors-title">
              <h2 id="subcontractors-title">{t('projects.subcontractors')}</h2>
              <ul>
                {subcontractors.data?.subcontractors.map((s) => (
                  <li key={s.id}>
                    <strong>{s.companyName}</strong>{' '}
                    <span className="muted">{[s.contactName, s.email].filter(Boolean).join(' · ')}</span>
                    {canWrite && (
                      <SubcontractorLink
                        customerId={customerId}
                        projectId={projectId}
                        subcontractorId={s.id}
                        name={s.companyName}
                      />
                    )}
                  </li>
                ))}
              </ul>
              {canWrite && (
                <form
                  className="inline-form"
                  onSubmit={(event) => {
                    event.preventDefault();
                    const form = event.currentTarget;
                    const contactName = formText(form, 'contact').trim();
                    addSubcontractor.mutate(
                      {
                        companyName: formText(form, 'company').trim(),
                        email: formText(form, 'email').trim(),
                        ...(contactName ? { contactName } : {}),
                      },
                      { onSuccess: () => form.reset() },
                    );
                  }}
                >
                  <label>
                    {t('projects.company')}
                    <input name="company" required maxLength={255} />
                  </label>
                  <label>
                    {t('projects.contact')}
                    <input name="contact" maxLength={255} />
                  </label>
                  <label>
                    {t('people.email')}
                    <input name="email" type="email" required maxLength={320} />
                  </label>
                  <button type="submit" disabled={addSubcontractor.isPending}>
                    {t('projects.addSubcontractor')}
                  </button>
                </form>
              )}
              <Failure error={addSubcontractor.error} />
            </section>
          </>
        )}
      </Loaded>
    </section>
  );
}
