import { createByggdokClient } from '@byggdok/sdk';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiFailure, dataOf } from '../api.js';
import { Failure, LanguagePicker } from '../components/Layout.js';
import { changeLanguage, languageOfLocale } from '../i18n.js';
import { PortalDocuments, type PortalDocument } from './portal/PortalDocuments.js';
import { putFile } from '../put-file.js';
import { problemText } from '../problems.js';
import { useReferenceNames } from '../reference.js';

/**
 * The portal link's token: taken from the address (`#token=...`, never sent to the server as part of a URL) into
 * this tab's sessionStorage, and the address cleaned so it is not left in the history or shared by copying it.
 */
export function portalToken(projectId: string, subcontractorId: string): string | null {
  const key = `byggdok.portal.${projectId}.${subcontractorId}`;
  const link = new URLSearchParams(window.location.hash.slice(1));
  const fromLink = link.get('token');
  // the portal speaks the e-mail's language (the picker still changes it)
  const language = languageOfLocale(link.get('lang') ?? undefined);
  if (language) void changeLanguage(language);
  if (fromLink) {
    window.sessionStorage.setItem(key, fromLink);
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    return fromLink;
  }
  return window.sessionStorage.getItem(key);
}

interface Sending {
  /** this sending's own key: the same file may be sent again after a failure */
  key: number;
  file: File;
  sent: number;
  error?: string;
  /** the document the file is a new version of */
  replaces?: PortalDocument;
  /** the document registered for the file and where its bytes go: a retry sends them there again */
  registered?: { documentId: string; uploadUrl: string };
}

/**
 * The subcontractor portal: opened from the e-mailed link without an account. The project, the subcontractor's own
 * deliveries with what is expected, delivered, approved, declined (with the contractor's comment) or missing, and an
 * upload per expected information type with a progress bar per file.
 */
export function PortalPage() {
  const names = useReferenceNames();
  const { t } = useTranslation();
  const { projectId = '', subcontractorId = '' } = useParams();
  const token = useMemo(() => portalToken(projectId, subcontractorId), [projectId, subcontractorId]);
  const client = useMemo(
    () => createByggdokClient({ baseUrl: window.location.origin, ...(token ? { bearer: token } : {}) }),
    [token],
  );
  const queries = useQueryClient();
  const path = { projectId, subcontractorId };
  const enabled = token !== null;
  const project = useQuery({
    queryKey: ['portal', projectId, subcontractorId, 'project'],
    enabled,
    retry: false,
    queryFn: () =>
      dataOf(client.GET('/construction/public/project/{projectId}/{subcontractorId}', { params: { path } })),
  });
  const me = useQuery({
    queryKey: ['portal', projectId, subcontractorId, 'me'],
    enabled,
    retry: false,
    queryFn: () =>
      dataOf(client.GET('/construction/public/subcontractor/{projectId}/{subcontractorId}', { params: { path } })),
  });
  const deliveries = useQuery({
    queryKey: ['portal', projectId, subcontractorId, 'deliveries'],
    enabled,
    retry: false,
    queryFn: () =>
      dataOf(client.GET('/construction/public/delivery/{projectId}/{subcontractorId}', { params: { path } })),
  });
  const documents = useQuery({
    queryKey: ['portal', projectId, subcontractorId, 'documents'],
    enabled,
    retry: false,
    queryFn: () =>
      dataOf(
        client.GET('/construction/public/documents/{projectId}/{subcontractorId}', {
          params: { path, query: { limit: 1000 } },
        }),
      ),
  });
  const [sending, setSending] = useState<Record<string, Sending[]>>({});
  const nextKey = useRef(0);

  /** the file registered as a document (once), for the delivery's information type */
  async function register(params: { deliveryId: string; informationType: string; entry: Sending; buildingId: string }) {
    return dataOf(
      client.POST('/construction/public/upload/{projectId}/{subcontractorId}', {
        params: { path },
        body: {
          buildingId: params.buildingId,
          filename: params.entry.file.name,
          deliveryId: params.deliveryId,
          informationType: params.informationType,
          ...(params.entry.replaces ? { replacesDocumentId: params.entry.replaces.id } : {}),
          ...(me.data?.contactName ? { uploadedBy: me.data.contactName } : {}),
        },
      }),
    );
  }

  /**
   * One file's bytes to its document. A retry reuses the document registered the first time: its upload URL takes
   * the bytes again while the upload is pending (an hour). Only when that URL is refused (expired, or the document gone)
   * is the unused registration archived and the file registered anew, so the list never holds a file twice.
   */
  async function send(params: {
    slot: string;
    deliveryId: string;
    informationType: string;
    entry: Sending;
    buildingId: string;
  }) {
    const { entry } = params;
    const change = (patch: Partial<Sending>) =>
      setSending((all) => ({
        ...all,
        [params.slot]: (all[params.slot] ?? []).map((other) =>
          other.key === entry.key ? { ...other, ...patch } : other,
        ),
      }));
    const progress = (sent: number) => change({ sent });
    let registered = entry.registered;
    if (registered) {
      try {
        await putFile(registered.uploadUrl, entry.file, progress);
        return;
      } catch (error) {
        // the bytes of the earlier attempt arrived after all (only its answer was lost)
        if (error instanceof ApiFailure && error.code === 'upload.already_completed') return;
        const refused = error instanceof ApiFailure && [403, 404, 410].includes(error.status);
        if (!refused) throw error;
        await dataOf(
          client.DELETE('/construction/public/documents/{projectId}/{subcontractorId}/{documentId}', {
            params: { path: { ...path, documentId: registered.documentId }, query: {} },
          }),
        ).catch(() => undefined);
        registered = undefined;
      }
    }
    registered = await register({ ...params });
    change({ registered });
    await putFile(registered.uploadUrl, entry.file, progress);
  }

  /**
   * files for one expected information type; `replaces`: the one file is a new version of that document. A file's
   * progress row stays while it is sent and goes once it is in the list; a failed one stays with its reason and a retry.
   * `again`: the failed rows sent again, each to the document it was registered as.
   */
  async function upload(
    deliveryId: string,
    informationType: string,
    files: File[],
    replaces?: PortalDocument,
    again: Sending[] = [],
  ) {
    const slot = `${deliveryId}:${informationType}`;
    const buildingId = replaces?.buildingId ?? project.data?.buildings[0]?.id;
    if (!buildingId) return;
    const started: Sending[] = [
      ...again.map((entry) => ({ ...entry, key: nextKey.current++, sent: 0, error: undefined })),
      ...files.map((file) => ({ key: nextKey.current++, file, sent: 0, ...(replaces ? { replaces } : {}) })),
    ];
    setSending((all) => ({ ...all, [slot]: [...(all[slot] ?? []), ...started] }));
    const done = new Set<number>();
    await Promise.all(
      started.map(async (entry) => {
        try {
          await send({ slot, deliveryId, informationType, entry, buildingId });
          done.add(entry.key);
        } catch (error) {
          setSending((all) => ({
            ...all,
            [slot]: (all[slot] ?? []).map((other) =>
              other.key === entry.key ? { ...other, error: problemText(t, error as Error) } : other,
            ),
          }));
        }
      }),
    );
    // the lists are fetched again (the refetch awaited): the files sent are listed now, their rows have done their work
    await queries.invalidateQueries({ queryKey: ['portal', projectId, subcontractorId] });
    setSending((all) => ({ ...all, [slot]: (all[slot] ?? []).filter((entry) => !done.has(entry.key)) }));
  }

  /** a failed file sent again: its row is replaced by the new attempt's, which keeps the document it registered */
  function retry(deliveryId: string, informationType: string, failed: Sending) {
    const slot = `${deliveryId}:${informationType}`;
    setSending((all) => ({ ...all, [slot]: (all[slot] ?? []).filter((entry) => entry.key !== failed.key) }));
    void upload(deliveryId, informationType, [], failed.replaces, [failed]);
  }

  // a file still being sent, or failed, is its row (with progress or a retry), not also a document in the list; nor is
  // a registration whose bytes never came (a failed upload before a reload: the service archives it after a day)
  const unsent = new Set(
    Object.values(sending)
      .flat()
      .map((entry) => entry.registered?.documentId)
      .filter(Boolean),
  );

  const failure = project.error ?? deliveries.error;
  const languagePicker = (
    <LanguagePicker className="language portal-language" choose={(language) => void changeLanguage(language)} />
  );
  if (!token || (failure instanceof ApiFailure && (failure.status === 401 || failure.status === 403))) {
    return (
      <main className="content portal">
        {languagePicker}
        <h1>{t('portal.title')}</h1>
        <p role="alert" className="failure">
          {token ? t('portal.expired') : t('portal.noToken')}
        </p>
      </main>
    );
  }
  return (
    <main className="content portal">
      {languagePicker}
      <Failure error={failure} />
      {project.data && (
        <>
          {/* the project and its building as the title; who delivers to whom in words below */}
          <h1>
            {[project.data.name, project.data.buildings.map((building) => building.name).join(', ')]
              .filter(Boolean)
              .join(' – ')}
          </h1>
          <p className="muted">
            {[
              me.data?.companyName
                ? t('portal.deliversTo', { company: me.data.companyName, customer: project.data.customerName })
                : project.data.customerName,
              project.data.address,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </>
      )}
      {deliveries.isPending && <p role="status">{t('loading')}</p>}
      {deliveries.data?.deliveries.length === 0 && <p>{t('portal.nothing')}</p>}
      <ul className="deliveries">
        {deliveries.data?.deliveries.map((delivery) => (
          <li key={delivery.id} className="delivery" aria-labelledby={`portal-${delivery.id}`}>
            <h2 id={`portal-${delivery.id}`}>
              {/* what is delivered, as the contractor names it (the code and its own name, as on the project's delivery
                  cards); the NS 3451 part it belongs to below, said to be that, so the two are not taken for one */}
              {t('portal.delivery', {
                name: delivery.description
                  ? `${delivery.buildingCategory} ${delivery.description}`
                  : names.category(delivery.buildingCategory),
              })}
            </h2>
            {delivery.description && (
              <p className="muted">{t('portal.part', { part: names.category(delivery.buildingCategory) })}</p>
            )}
            {delivery.contactPerson?.name && (
              <p className="muted">{t('portal.contact', { name: delivery.contactPerson.name })}</p>
            )}
            <ul className="checklist">
              {delivery.progress.informationTypes.map((type) => {
                const comment = delivery.informationTypes.find(
                  (entry) => entry.informationType === type.informationType,
                )?.comment;
                const slot = `${delivery.id}:${type.informationType}`;
                return (
                  <li key={type.informationType} data-state={type.state}>
                    <span className="checklist-type">{names.type(type.informationType)}</span>
                    <span className="muted">
                      {type.documents > 0 ? t('projects.documents', { count: type.documents }) : t('portal.missing')}
                    </span>
                    {type.approvalStatus && (
                      <span className={`approval approval-${type.approvalStatus}`}>
                        {t(`projects.approval.${type.approvalStatus}`)}
                      </span>
                    )}
                    {type.approvalStatus === 'DECLINED' && comment && (
                      <span className="declined-comment">“{comment}”</span>
                    )}
                    {type.approvalStatus !== 'APPROVED' && (
                      <label className="picker">
                        {t('portal.upload', { type: names.type(type.informationType) })}
                        <input
                          type="file"
                          multiple
                          onChange={(event) =>
                            void upload(delivery.id, type.informationType, [...(event.target.files ?? [])])
                          }
                        />
                      </label>
                    )}
                    <PortalDocuments
                      client={client}
                      path={path}
                      who={me.data?.contactName ?? me.data?.companyName ?? null}
                      documents={(documents.data?.documents ?? []).filter(
                        (d) =>
                          d.deliveryId === delivery.id &&
                          d.deliveryInformationType === type.informationType &&
                          d.uploaded &&
                          !unsent.has(d.id),
                      )}
                      allDocuments={documents.data?.documents ?? []}
                      locked={type.approvalStatus === 'APPROVED'}
                      replace={(document, file) => void upload(delivery.id, type.informationType, [file], document)}
                      changed={() =>
                        void queries.invalidateQueries({ queryKey: ['portal', projectId, subcontractorId] })
                      }
                    />
                    {(sending[slot] ?? []).map((entry) => (
                      <div key={entry.key} className="sending">
                        <span>{entry.file.name}</span>
                        {entry.error ? (
                          <>
                            <span className="bad" role="alert">
                              {entry.error}
                            </span>
                            <button
                              type="button"
                              aria-label={t('portal.retryNamed', { name: entry.file.name })}
                              onClick={() => retry(delivery.id, type.informationType, entry)}
                            >
                              {t('retry')}
                            </button>
                          </>
                        ) : (
                          <progress
                            max={Math.max(entry.file.size, 1)}
                            value={entry.sent}
                            aria-label={entry.file.name}
                          />
                        )}
                      </div>
                    ))}
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ul>
    </main>
  );
}
