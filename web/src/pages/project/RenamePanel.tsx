import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../../api.js';
import { Failure } from '../../components/Layout.js';

const FLAGS = ['useLocationCode', 'useInformationType', 'useTFMCode'] as const;
type Flags = Record<(typeof FLAGS)[number], boolean>;

/**
 * Renaming every eligible document by the naming convention: the preview side by side (old → new, and why a row
 * cannot be renamed), then applied exactly as previewed, and undone while its names are still in place.
 */
export function RenamePanel(props: { customerId: string; projectId: string; canWrite: boolean; renamed: () => void }) {
  const { t } = useTranslation();
  const [flags, setFlags] = useState<Flags>({ useLocationCode: false, useInformationType: false, useTFMCode: false });
  const path = { customerId: props.customerId, projectId: props.projectId };
  const preview = useMutation({
    mutationFn: (query: Flags) =>
      unwrap(
        api.GET('/construction/customers/{customerId}/projects/{projectId}/preview-filenames', {
          params: { path, query },
        }),
      ),
  });
  const apply = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/construction/customers/{customerId}/projects/{projectId}/update-filenames', {
          params: { path },
          body: flags,
        }),
      ),
    onSuccess: () => {
      preview.reset();
      props.renamed();
    },
  });
  const undo = useMutation({
    mutationFn: (changeSetId: string) =>
      unwrap(
        api.POST('/construction/customers/{customerId}/projects/{projectId}/update-filenames/{changeSetId}/undo', {
          params: { path: { ...path, changeSetId } },
        }),
      ),
    onSuccess: () => {
      apply.reset();
      props.renamed();
    },
  });
  const items = preview.data?.documents ?? [];
  const renamable = items.filter((item) => item.newFilename && item.newFilename !== item.filename);
  return (
    <section aria-labelledby="rename-title" className="rename">
      <h2 id="rename-title">{t('construction.rename')}</h2>
      <fieldset className="inline-form">
        <legend>{t('construction.renameParts')}</legend>
        {FLAGS.map((flag) => (
          <label key={flag} className="check">
            <input
              type="checkbox"
              checked={flags[flag]}
              onChange={(event) => {
                setFlags({ ...flags, [flag]: event.target.checked });
                preview.reset();
              }}
            />
            {t(`construction.flags.${flag}`)}
          </label>
        ))}
        <button type="button" onClick={() => preview.mutate(flags)} disabled={preview.isPending}>
          {t('construction.previewRename')}
        </button>
      </fieldset>
      {preview.data && (
        <>
          <p className="muted">
            {t('construction.pattern')}: <code>{preview.data.pattern}</code> ·{' '}
            {t('construction.renamable', { count: renamable.length, total: items.length })}
          </p>
          <div className="table-scroll rename-preview">
            <table className="plain">
              <thead>
                <tr>
                  <th>{t('construction.oldName')}</th>
                  <th>{t('construction.newName')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.id} className={item.newFilename ? '' : 'not-renamed'}>
                    <td>{item.filename}</td>
                    <td>
                      {item.newFilename ?? (
                        <span className="muted">
                          {t('construction.notRenamed')}: {item.reason}
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {props.canWrite && (
            <button type="button" onClick={() => apply.mutate()} disabled={apply.isPending || renamable.length === 0}>
              {t('construction.applyRename', { count: renamable.length })}
            </button>
          )}
        </>
      )}
      {apply.data && (
        <p role="status">
          {t('construction.renamed', { count: apply.data.renamed })}{' '}
          {apply.data.changeSetId && (
            <button type="button" onClick={() => undo.mutate(apply.data.changeSetId!)} disabled={undo.isPending}>
              {t('construction.undoRename')}
            </button>
          )}
        </p>
      )}
      {undo.data && <p role="status">{t('construction.undone', { count: undo.data.renamed })}</p>}
      <Failure error={preview.error ?? apply.error ?? undo.error} />
    </section>
  );
}
