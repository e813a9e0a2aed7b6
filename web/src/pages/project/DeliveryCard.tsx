import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiFailure, formText, unwrap } from '../../api.js';
import { Failure } from '../../components/Layout.js';
import type { Delivery } from './deliveries.js';
import { DeliveryFiles } from './DeliveryFiles.js';
import { useReferenceNames } from '../../reference.js';
import { formatsFor } from '../../format.js';
import { ConfirmButton } from '../../components/ui/Dialog.js';
import { useToast } from '../../components/ui/Toast.js';

type Approval = 'APPROVED' | 'DECLINED' | null;

/** one delivery: its expected information types as a checklist, each approved or declined with a comment */
export function DeliveryCard(props: {
  delivery: Delivery;
  subcontractor: string;
  canReview: boolean;
  changed: () => Promise<void>;
  edit?: () => void;
}) {
  const names = useReferenceNames();
  const { t, i18n } = useTranslation();
  const dates = { format: formatsFor(i18n.language).dateTime };
  const { delivery } = props;
  const [declining, setDeclining] = useState<string | null>(null);
  const toast = useToast();
  const review = useMutation({
    mutationFn: (changes: { informationType: string; approvalStatus: Approval; comment?: string | null }[]) =>
      unwrap(
        api.PUT('/construction/deliveries/{id}', {
          // the decision is made on the delivery as shown (its ETag is its updatedAt, quoted): one someone else has
          // changed since is refused (412) rather than have this list undo their change
          params: { path: { id: delivery.id }, header: { 'if-match': `"${delivery.updatedAt}"` } },
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
    // someone else changed the delivery since this page read it: it is read again, and the failure next to it says so
    onError: async (error) => {
      if (!(error instanceof ApiFailure && error.status === 412)) return;
      setDeclining(null);
      await props.changed();
    },
    onSuccess: async (_data, changes) => {
      await props.changed();
      setDeclining(null);
      const [first] = changes;
      if (first)
        toast(
          changes.length > 1
            ? t('projects.approvedAll', { count: changes.length })
            : t(first.approvalStatus === 'APPROVED' ? 'projects.approvedOne' : 'projects.declinedOne', {
                type: names.type(first.informationType),
              }),
        );
    },
  });
  const remove = useMutation({
    mutationFn: () =>
      unwrap(
        api.DELETE('/construction/deliveries/{id}', {
          params: { path: { id: delivery.id } },
          body: { projectId: delivery.projectId },
        }),
      ),
    onSuccess: props.changed,
  });
  const approvals = new Map(delivery.informationTypes.map((type) => [type.informationType, type]));
  const delivered = delivery.progress.informationTypes.filter(
    (type) => type.documents > 0 && type.approvalStatus !== 'APPROVED',
  );
  return (
    <li className="delivery" aria-labelledby={`delivery-${delivery.id}`}>
      <h3 id={`delivery-${delivery.id}`}>
        {/* the code and the delivery's own name (the building part's name when it has none); the part's name below */}
        {delivery.description
          ? `${delivery.buildingCategory} ${delivery.description}`
          : names.category(delivery.buildingCategory)}{' '}
        <span className={`delivery-state state-${delivery.progress.state}`}>
          {t(`projects.states.${delivery.progress.state}`)}
        </span>
      </h3>
      <p className="muted">
        {delivery.description ? `${names.category(delivery.buildingCategory)} · ` : ''}
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
              <span className="checklist-type">{names.type(type.informationType)}</span>
              <span className="muted">{t('projects.documents', { count: type.documents })}</span>
              <span className={`approval approval-${type.approvalStatus ?? 'none'}`}>
                {t(`projects.approval.${type.approvalStatus ?? 'none'}`)}
              </span>
              {approval?.comment && <span className="muted">“{approval.comment}”</span>}
              {approval?.approvalStatus && approval.verifiedBy && (
                <span className="muted verified">
                  {t('construction.verified', {
                    who: approval.verifiedBy,
                    when: approval.verifiedAt ? dates.format(new Date(approval.verifiedAt)) : '–',
                  })}
                </span>
              )}
              {props.canReview && type.documents > 0 && (
                <span className="checklist-actions">
                  <button
                    type="button"
                    disabled={review.isPending || type.approvalStatus === 'APPROVED'}
                    aria-label={t('projects.approveNamed', { type: names.type(type.informationType) })}
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
                    aria-label={t('projects.declineNamed', { type: names.type(type.informationType) })}
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
      <DeliveryFiles
        deliveryId={delivery.id}
        projectId={delivery.projectId}
        version={`${delivery.updatedAt}:${delivery.progress.delivered}:${delivery.progress.approved}:${delivery.progress.declined}`}
      />
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
      {props.edit && (
        <p className="actions">
          <button
            type="button"
            onClick={props.edit}
            aria-label={t('construction.editNamed', { name: delivery.description ?? delivery.fullCategory })}
          >
            {t('construction.edit')}
          </button>
          <ConfirmButton
            disabled={remove.isPending}
            title={t('construction.deleteDeliveryTitle')}
            message={t('construction.confirmDelete', { name: delivery.description ?? delivery.fullCategory })}
            confirm={t('construction.deleteDelivery')}
            onConfirm={() => remove.mutate()}
          >
            {t('construction.deleteDelivery')}
          </ConfirmButton>
        </p>
      )}
      <Failure error={review.error ?? remove.error} />
    </li>
  );
}
