import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api, unwrap } from '../../api.js';
import { Failure } from '../../components/Layout.js';
import { formatsFor } from '../../format.js';
import { useReferenceNames } from '../../reference.js';

const FILE_STATES = {
  uploading: 'delivery.fileStates.uploading',
  processing: 'delivery.fileStates.processing',
  ready: 'delivery.fileStates.ready',
  corrupt: 'delivery.fileStates.corrupt',
} as const;

const DECIDED = {
  APPROVED: 'delivery.approvedBy',
  DECLINED: 'delivery.declinedBy',
  none: 'delivery.resetBy',
} as const;

/** files shown before "show all" */
const FIRST = 10;

export type FileState = 'uploading' | 'processing' | 'ready' | 'corrupt';

/** where a delivered file is: not arrived yet, being read, ready to review, or unreadable */
export function fileState(document: { uploaded: boolean; processed: boolean; progressStatus: string | null }) {
  if (document.progressStatus === 'CORRUPT') return 'corrupt' as const;
  if (!document.uploaded) return 'uploading' as const;
  return document.processed ? ('ready' as const) : ('processing' as const);
}

/**
 * The files of one delivery, on its card, so they are reviewed where they are approved: name (opening the document),
 * size, state and a download; and under them the decisions taken on the delivery (who, which type, when, why).
 */
export function DeliveryFiles(props: {
  deliveryId: string;
  projectId: string;
  /** what the delivery's progress counts: a change fetches the files again */
  version: string;
}) {
  const { t, i18n } = useTranslation();
  const names = useReferenceNames();
  const { customerId = '' } = useParams();
  const formats = formatsFor(i18n.language);
  const [all, setAll] = useState(false);
  const files = useQuery({
    queryKey: ['delivery-files', props.deliveryId, props.version],
    queryFn: () =>
      unwrap(
        api.GET('/construction/documents/project/{projectId}', {
          params: { path: { projectId: props.projectId }, query: { deliveryId: props.deliveryId, limit: 1000 } },
        }),
      ),
    // a file being read turns ready (or unreadable) on the card without a reload; nothing is asked once all are read
    refetchInterval: (query) =>
      query.state.data?.documents.some((document) => fileState(document) === 'processing') ? 3000 : false,
  });
  const decisions = useQuery({
    queryKey: ['delivery-decisions', props.deliveryId, props.version],
    queryFn: () =>
      unwrap(api.GET('/construction/deliveries/{id}/decisions', { params: { path: { id: props.deliveryId } } })),
  });
  const download = useMutation({
    mutationFn: (documentId: string) =>
      unwrap(api.GET('/construction/documents/{documentId}/get-signed-url', { params: { path: { documentId } } })),
    onSuccess: (signed) => window.location.assign(signed.url),
  });
  // newest first: what just arrived is what waits for review
  const list = [...(files.data?.documents ?? [])].reverse();
  const shown = all ? list : list.slice(0, FIRST);
  const history = decisions.data?.decisions ?? [];
  return (
    <>
      {list.length > 0 && (
        <section className="delivery-files" aria-label={t('delivery.files')}>
          <h4>{t('delivery.files')}</h4>
          <ul className="file-list">
            {shown.map((d) => {
              const state = fileState(d);
              return (
                <li key={d.id}>
                  <Link
                    className="file-name"
                    to={`/projects/${customerId}/${props.projectId}/drawings/${d.id}`}
                    title={d.filename}
                  >
                    {d.filename}
                  </Link>
                  <span className="muted">{formats.fileSize(d.size)}</span>
                  <span className={`state state-${state}`} title={d.progressReason ?? undefined}>
                    {t(FILE_STATES[state])}
                  </span>
                  {d.informationTypes[0] && <span className="muted">{names.type(d.informationTypes[0])}</span>}
                  <button
                    type="button"
                    className="link-button"
                    disabled={!d.uploaded || download.isPending}
                    aria-label={t('delivery.downloadNamed', { name: d.filename })}
                    onClick={() => download.mutate(d.id)}
                  >
                    {t('delivery.download')}
                  </button>
                </li>
              );
            })}
          </ul>
          {!all && list.length > FIRST && (
            <button type="button" className="link-button" onClick={() => setAll(true)}>
              {t('delivery.showAll', { count: list.length })}
            </button>
          )}
          <Failure error={files.error ?? download.error} />
        </section>
      )}
      {history.length > 0 && (
        <section className="delivery-history" aria-label={t('delivery.history')}>
          <h4>{t('delivery.history')}</h4>
          <ol className="history-list">
            {history.map((decision) => (
              <li key={decision.id}>
                <time dateTime={decision.at}>{formats.dateTime(decision.at)}</time>{' '}
                {t(DECIDED[decision.approvalStatus ?? 'none'], {
                  who: decision.by,
                  type: names.type(decision.informationType),
                })}
                {decision.comment && <span className="muted"> “{decision.comment}”</span>}
              </li>
            ))}
          </ol>
        </section>
      )}
      <Failure error={decisions.error} />
    </>
  );
}
