import type { createByggdokClient, paths } from '@byggdok/sdk';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dataOf, formText } from '../../api.js';
import { Failure } from '../../components/Layout.js';
import { ConfirmButton } from '../../components/ui/Dialog.js';

export type PortalClient = ReturnType<typeof createByggdokClient>;
export type PortalDocument =
  paths['/construction/public/documents/{projectId}/{subcontractorId}']['get']['responses'][200]['content']['application/json']['documents'][number];

/** the states a subcontractor may give its own documents: held back, or ready for the contractor */
const OWN_STATES = ['IN_PROGRESS', 'READY_TO_REVIEW'] as const;

/**
 * The subcontractor's own documents under one expected information type: each renamed, placed (floor, room) and
 * marked ready or held back, replaced by a corrected file (a new version: the earlier one stays, marked as replaced),
 * or deleted (archived, with who did it); an approved type is the contractor's now. A replaced file is final: it
 * offers no change and says why (the service refuses one with 409 document.superseded).
 */
export function PortalDocuments(props: {
  client: PortalClient;
  path: { projectId: string; subcontractorId: string };
  who: string | null;
  documents: PortalDocument[];
  /** every document of the subcontractor: the newer version that replaced one is named by its file name */
  allDocuments: PortalDocument[];
  locked: boolean;
  changed: () => void;
  /** sends a corrected file as a new version of one of these documents */
  replace: (document: PortalDocument, file: File) => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (params: { documentId: string; form: HTMLFormElement }) => {
      const { form } = params;
      const room = formText(form, 'room').trim();
      const progress = formText(form, 'progress');
      return dataOf(
        props.client.PUT('/construction/public/documents/{projectId}/{subcontractorId}/{documentId}', {
          params: { path: { ...props.path, documentId: params.documentId } },
          body: {
            filename: formText(form, 'filename').trim(),
            floor: formText(form, 'floor').trim() || null,
            roomLocations: room ? [room] : [],
            ...(progress ? { progressStatus: progress as (typeof OWN_STATES)[number] } : {}),
          },
        }),
      );
    },
    onSuccess: () => {
      setEditing(null);
      props.changed();
    },
  });
  const remove = useMutation({
    mutationFn: (documentId: string) =>
      dataOf(
        props.client.DELETE('/construction/public/documents/{projectId}/{subcontractorId}/{documentId}', {
          params: { path: { ...props.path, documentId }, query: props.who ? { updatedBy: props.who } : {} },
        }),
      ),
    onSuccess: props.changed,
  });
  if (props.documents.length === 0) return null;
  return (
    <ul className="own-documents">
      {props.documents.map((d) => (
        <li key={d.id}>
          <span className="own-name">{d.filename}</span>{' '}
          <span className="muted">{d.progressStatus ? t(`projects.states.${d.progressStatus}`) : ''}</span>
          {!d.isLatestRevision && (
            <span className="replaced-by">
              {(() => {
                const newer = props.allDocuments.find((other) => other.id === d.supersededBy);
                return newer ? t('portal.replacedBy', { name: newer.filename }) : t('portal.replacedByNewer');
              })()}
            </span>
          )}
          {!props.locked && !d.isLatestRevision && (
            <span className="muted replaced-final">{t('portal.replacedFinal')}</span>
          )}
          {!props.locked && d.isLatestRevision && editing !== d.id && (
            <span className="checklist-actions">
              {d.uploaded && (
                <label className="replace-picker" title={t('portal.replaceHelp')}>
                  {t('portal.replace')}
                  <input
                    type="file"
                    className="visually-hidden"
                    aria-label={t('portal.replaceNamed', { name: d.filename })}
                    onChange={(event) => {
                      const file = event.target.files?.[0];
                      event.target.value = '';
                      if (file) props.replace(d, file);
                    }}
                  />
                </label>
              )}
              <button
                type="button"
                onClick={() => setEditing(d.id)}
                aria-label={t('portal.editNamed', { name: d.filename })}
              >
                {t('construction.edit')}
              </button>
              <ConfirmButton
                disabled={remove.isPending}
                aria-label={t('portal.deleteNamed', { name: d.filename })}
                title={t('portal.deleteNamed', { name: d.filename })}
                message={t('portal.confirmDelete', { name: d.filename })}
                confirm={t('construction.deleteDelivery')}
                onConfirm={() => remove.mutate(d.id)}
              >
                {t('construction.deleteDelivery')}
              </ConfirmButton>
            </span>
          )}
          {editing === d.id && d.isLatestRevision && (
            <form
              className="inline-form"
              aria-label={t('portal.editNamed', { name: d.filename })}
              onSubmit={(event) => {
                event.preventDefault();
                save.mutate({ documentId: d.id, form: event.currentTarget });
              }}
            >
              <label>
                {t('portal.filename')}
                <input name="filename" required maxLength={2000} defaultValue={d.filename} />
              </label>
              <label>
                {t('document.floor')}
                <input name="floor" maxLength={100} defaultValue={d.floor ?? ''} />
              </label>
              <label>
                {t('portal.room')}
                <input name="room" maxLength={500} defaultValue={d.roomLocations[0] ?? ''} />
              </label>
              {(d.progressStatus === 'IN_PROGRESS' || d.progressStatus === 'READY_TO_REVIEW') && (
                <label>
                  {t('construction.progress')}
                  <select name="progress" defaultValue={d.progressStatus}>
                    {OWN_STATES.map((state) => (
                      <option key={state} value={state}>
                        {t(`projects.states.${state}`)}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              <button type="submit" disabled={save.isPending}>
                {t('portal.save')}
              </button>
              <button type="button" onClick={() => setEditing(null)}>
                {t('construction.cancel')}
              </button>
            </form>
          )}
        </li>
      ))}
      <Failure error={save.error ?? remove.error} />
    </ul>
  );
}
