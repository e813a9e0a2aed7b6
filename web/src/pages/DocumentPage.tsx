import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { api, formText, unwrap } from '../api.js';
import { putFile } from '../put-file.js';
import { atLeast, useOwnerRole } from '../roles.js';
import { Loaded, Failure } from '../components/Layout.js';
import { nameIn, useReference } from '../reference.js';
import { useReferenceNames } from '../reference.js';
import { formatsFor } from '../format.js';
import { ClassificationEvidence } from '../components/ClassificationEvidence.js';
import { drawingTypeName, type Signal } from '../evidence.js';
import { Combobox } from '../components/ui/Combobox.js';
import { DateField } from '../components/ui/DateField.js';
import { useToast } from '../components/ui/Toast.js';

const PdfPreview = lazy(() => import('../components/PdfPreview.js'));
const IMAGE = /\.(png|jpe?g|gif|webp|bmp|svg)$/i;

/**
 * One document: its PDF preview (pdf.js, from the signed preview URL, at the cited page with the passage marked), download, every metadata
 * field, the classification with the signals that decided it, and editing the file name and the category; a
 * corrected category teaches the owner's classifier.
 */
export function DocumentPage() {
  const names = useReferenceNames();
  const { t, i18n } = useTranslation();
  const { ownerId = '', buildingId = '', documentId = '' } = useParams();
  const path = { buildingOwnerId: ownerId, buildingId, documentId };
  const queries = useQueryClient();
  const toast = useToast();
  // the corrections being made (undefined: the document's own value)
  const [category, setCategory] = useState<string>();
  const [informationType, setInformationType] = useState<string>();
  // another document opened in the same page: its own values, not the corrections begun on the last one
  const [editing, setEditing] = useState(documentId);
  if (editing !== documentId) {
    setEditing(documentId);
    setCategory(undefined);
    setInformationType(undefined);
  }
  const [search] = useSearchParams();
  const quote = search.get('quote');
  const page = search.get('page');
  const document = useQuery({
    queryKey: ['document', ownerId, buildingId, documentId],
    queryFn: () =>
      unwrap(
        api.GET('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/documents/{documentId}', {
          params: { path },
        }),
      ),
  });
  const versions = useQuery({
    queryKey: ['document', ownerId, buildingId, documentId, 'versions'],
    queryFn: () =>
      unwrap(
        api.GET('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/documents/{documentId}/versions', {
          params: { path },
        }),
      ),
  });
  const chain = versions.data?.versions ?? [];
  // a new version of this file: registered as replacing it, then its bytes sent; it supersedes this one once there
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const folder = (document.data?.originalPath ?? '').split('/').slice(0, -1).join('/');
      const registered = await unwrap(
        api.PUT('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/documents', {
          params: { path: { buildingOwnerId: ownerId, buildingId } },
          body: { filename: folder ? `${folder}/${file.name}` : file.name, replacesDocumentId: documentId },
        }),
      );
      await putFile(registered.uploadUrl, file, () => undefined);
      return registered.documentId;
    },
    onSuccess: async () => {
      await queries.invalidateQueries({ queryKey: ['document', ownerId, buildingId, documentId] });
      await queries.invalidateQueries({ queryKey: ['documents', ownerId, buildingId] });
    },
  });
  const current = chain[0];
  const save = useMutation({
    mutationFn: (body: {
      filename?: string;
      buildingCategory?: string;
      informationType?: string;
      serialNumber?: string | null;
      originalCreatedAt?: string;
    }) =>
      unwrap(
        api.PATCH('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/documents/{documentId}', {
          params: { path },
          body,
        }),
      ),
    onSuccess: async () => {
      await queries.invalidateQueries({ queryKey: ['document', ownerId, buildingId, documentId] });
      // the document's own values again, now that they are the saved ones (not a moment of the old ones before)
      setCategory(undefined);
      setInformationType(undefined);
      await queries.invalidateQueries({ queryKey: ['document', ownerId, buildingId, documentId, 'versions'] });
      await queries.invalidateQueries({ queryKey: ['documents', ownerId, buildingId] });
      // after the refetch, so the toast comes with the saved values on the page
      toast(t('document.saved'));
    },
  });
  const d = document.data;
  const dates = { format: formatsFor(i18n.language).dateTime };
  const days = { format: formatsFor(i18n.language).date };
  const edits = atLeast(useOwnerRole(ownerId), 'WRITE_ACCESS');
  const reference = useReference();
  const categoryOptions = useMemo(
    () =>
      reference.data.allCategories.map((entry) => ({
        value: entry.code,
        label: `${entry.code} ${nameIn(i18n.language, entry)}`,
        search: entry.nameNo + ' ' + entry.nameEn,
      })),
    [reference.data, i18n.language],
  );
  const typeOptions = useMemo(
    () =>
      reference.data.informationTypes.map((type) => ({
        value: type.id,
        label: nameIn(i18n.language, type),
        search: [type.nameNo, type.nameEn, ...type.cues].join(' '),
      })),
    [reference.data, i18n.language],
  );
  const fields: [string, string | null | undefined][] = d
    ? [
        [t('document.path'), d.originalPath],
        [t('building.category'), d.buildingCategory ? names.category(d.buildingCategory) : null],
        [t('building.discipline'), d.discipline ? names.discipline(d.discipline) : null],
        [t('document.informationTypes'), d.informationTypes.map(names.type).join(', ') || null],
        [
          t('document.drawing'),
          d.isDrawing
            ? [d.drawingNumber, d.drawingRevision, d.drawingType && drawingTypeName(t, d.drawingType)]
                .filter(Boolean)
                .join(' · ') || t('document.yes')
            : t('document.no'),
        ],
        [t('document.floor'), d.floor],
        [t('document.serialNumber'), d.serialNumber],
        [t('document.originalCreatedAt'), d.originalCreatedAt ? days.format(new Date(d.originalCreatedAt)) : null],
        [t('building.size'), formatsFor(i18n.language).fileSize(d.size)],
        ['MD5', d.md5Checksum],
        [t('document.created'), dates.format(new Date(d.createdAt))],
        [t('building.changed'), dates.format(new Date(d.updatedAt))],
      ]
    : [];
  const classification = Object.entries(
    (d?.classification ?? {}) as Record<
      string,
      { value: unknown; confidence: number; evidence: string[]; signals?: Signal[] }
    >,
  );

  return (
    <section>
      <p>
        <Link to={`/owners/${ownerId}/buildings/${buildingId}`}>← {t('document.back')}</Link>
      </p>
      <Loaded loading={document.isPending} error={document.error} retry={() => void document.refetch()}>
        {d && (
          <div className="document-layout">
            {/* the name and the download first; on a phone the preview comes right after them, the details below */}
            <header className="document-header">
              {d.supersededBy !== null && (
                <p className="superseded-notice" role="note">
                  {t('revisions.notice')}{' '}
                  {current && current.id !== d.id ? (
                    <Link to={`/owners/${ownerId}/buildings/${buildingId}/documents/${current.id}`}>
                      {t('revisions.openCurrent', { name: current.filename })}
                    </Link>
                  ) : (
                    <Link to={`/owners/${ownerId}/buildings/${buildingId}/documents/${d.supersededBy}`}>
                      {t('revisions.openNewer')}
                    </Link>
                  )}
                </p>
              )}
              <h1>{d.filename}</h1>
              {d.title && d.title !== d.filename && <p className="muted">{d.title}</p>}
              {quote && (
                <figure className="quote">
                  <figcaption>
                    {t('ask.quoted')}
                    {page ? ` (${t('ask.page', { page })})` : ''}
                  </figcaption>
                  <blockquote>
                    <mark>{quote}</mark>
                  </blockquote>
                </figure>
              )}
              <p>
                <a href={d.url} download={d.filename}>
                  {t('document.download')}
                </a>
                {d.corrupt && <span className="bad"> · {t('building.corrupt')}</span>}
              </p>
            </header>
            <div className="preview">
              {d.previewUrl ? (
                <Suspense fallback={<p role="status">{t('loading')}</p>}>
                  <PdfPreview url={d.previewUrl} page={Math.max(1, Number(page) || 1)} quote={quote} />
                </Suspense>
              ) : IMAGE.test(d.filename) ? (
                <img src={d.url} alt={d.title ?? d.filename} className="image-preview" />
              ) : (
                <p className="muted">{t('document.noPreview')}</p>
              )}
            </div>
            <div className="document-details">
              <dl className="fields">
                {fields.map(([label, value]) => (
                  <div key={label}>
                    <dt>{label}</dt>
                    <dd>{value ?? '–'}</dd>
                  </div>
                ))}
              </dl>
              <h2>{t('revisions.title')}</h2>
              {/* no "no other revisions" while the chain is still on its way: the banner above may say there is one */}
              {versions.isPending ? null : chain.length <= 1 ? (
                <p className="muted">{t('revisions.none')}</p>
              ) : (
                <ol className="revisions" aria-label={t('revisions.title')}>
                  {chain.map((version, index) => {
                    const label = [
                      version.drawingRevision ? t('revisions.revision', { revision: version.drawingRevision }) : null,
                      index === 0 ? t('revisions.current') : null,
                    ]
                      .filter(Boolean)
                      .join(' · ');
                    const uploaded = t(version.uploadedBy ? 'revisions.uploadedBy' : 'revisions.uploaded', {
                      date: dates.format(new Date(version.createdAt)),
                      name: version.uploadedBy,
                    });
                    return (
                      <li key={version.id} aria-current={version.id === d.id ? 'page' : undefined}>
                        {version.id === d.id ? (
                          <span>{version.filename}</span>
                        ) : (
                          <Link to={`/owners/${ownerId}/buildings/${buildingId}/documents/${version.id}`}>
                            {version.filename}
                          </Link>
                        )}
                        {label && <span className="badge">{label}</span>}
                        <div className="muted">
                          {uploaded}
                          {version.drawingDate
                            ? ` · ${t('revisions.drawn', { date: days.format(new Date(version.drawingDate)) })}`
                            : ''}
                        </div>
                      </li>
                    );
                  })}
                </ol>
              )}
              {edits && (d.supersededBy === null || upload.isSuccess) && (
                <div className="upload-version">
                  <label hidden={d.supersededBy !== null}>
                    {t('revisions.uploadNew')}
                    <input
                      type="file"
                      disabled={upload.isPending}
                      onChange={(event) => {
                        const file = event.target.files?.[0];
                        if (file) upload.mutate(file);
                        event.target.value = '';
                      }}
                    />
                  </label>
                  {upload.isPending && <p role="status">{t('revisions.uploading')}</p>}
                  {upload.isSuccess && <p role="status">{t('revisions.newVersionSent')}</p>}
                  {upload.error && <Failure error={upload.error} />}
                </div>
              )}
              <h2>{t('document.classification')}</h2>
              {classification.length === 0 ? (
                <p className="muted">{t('document.notClassified')}</p>
              ) : (
                <ClassificationEvidence
                  classification={Object.fromEntries(classification)}
                  current={d}
                  corrections={d.corrections ?? []}
                />
              )}
              {edits && (
                <>
                  <h2>{t('document.edit')}</h2>
                  <form
                    className="filters"
                    onSubmit={(event) => {
                      event.preventDefault();
                      const filename = formText(event.currentTarget, 'filename').trim();
                      const buildingCategory = formText(event.currentTarget, 'buildingCategory').trim();
                      const informationType = formText(event.currentTarget, 'informationType');
                      const serialNumber = formText(event.currentTarget, 'serialNumber').trim() || null;
                      const created = formText(event.currentTarget, 'originalCreatedAt');
                      save.mutate({
                        ...(filename && filename !== d.filename ? { filename } : {}),
                        ...(buildingCategory && buildingCategory !== d.buildingCategory ? { buildingCategory } : {}),
                        ...(informationType && informationType !== d.informationType ? { informationType } : {}),
                        ...(serialNumber !== d.serialNumber ? { serialNumber } : {}),
                        ...(created && created !== d.originalCreatedAt?.slice(0, 10)
                          ? { originalCreatedAt: `${created}T12:00:00.000Z` }
                          : {}),
                      });
                    }}
                  >
                    <label>
                      {t('document.filename')}
                      <input name="filename" defaultValue={d.filename} key={`f-${d.filename}`} />
                    </label>
                    <Combobox
                      key={`c-${d.buildingCategory}`}
                      label={t('building.category')}
                      name="buildingCategory"
                      value={category ?? d.buildingCategory ?? ''}
                      onChange={setCategory}
                      options={categoryOptions}
                      describedBy="learns"
                    />
                    <Combobox
                      key={`t-${d.informationType}`}
                      label={t('document.informationType')}
                      name="informationType"
                      value={informationType ?? d.informationType ?? ''}
                      onChange={setInformationType}
                      options={typeOptions}
                      empty="–"
                      describedBy="learns"
                    />
                    <label>
                      {t('document.serialNumber')}
                      <input
                        name="serialNumber"
                        defaultValue={d.serialNumber ?? ''}
                        key={`s-${d.serialNumber}`}
                        maxLength={1000}
                      />
                    </label>
                    <DateField
                      label={t('document.originalCreatedAt')}
                      name="originalCreatedAt"
                      defaultValue={d.originalCreatedAt?.slice(0, 10) ?? ''}
                      key={`o-${d.originalCreatedAt}`}
                    />
                    <button type="submit" disabled={save.isPending}>
                      {t('document.save')}
                    </button>
                  </form>
                  <p id="learns" className="muted">
                    {t('document.learns')}
                  </p>
                  <Failure error={save.error} />
                </>
              )}
            </div>
          </div>
        )}
      </Loaded>
    </section>
  );
}
