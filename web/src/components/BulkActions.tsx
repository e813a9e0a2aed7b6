import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, formText, unwrap } from '../api.js';
import { formatsFor } from '../format.js';
import { nameIn, useReference } from '../reference.js';
import { atLeast, type Role } from '../roles.js';
import { Failure } from './Layout.js';
import { DisciplineSelect, InformationTypesPicker } from './Pickers.js';
import { Combobox } from './ui/Combobox.js';
import { useToast } from './ui/Toast.js';

/** documents one bulk request takes (the server's limit) */
export const BULK_LIMIT = 5000;

/**
 * What can be done with the documents chosen in a building's table: download them as one zip (anyone who reads the
 * building) and set their category, discipline and/or information types at once (WRITE_ACCESS; a reader sees why not).
 * The zip is checked first, so a refusal shows here; then the browser downloads it straight to disk, streamed.
 */
export function BulkActions(props: {
  ownerId: string;
  buildingId: string;
  ids: string[];
  role: Role | null | undefined;
  clear: () => void;
}) {
  const { t, i18n } = useTranslation();
  const queries = useQueryClient();
  const numbers = formatsFor(i18n.language);
  const form = useRef<HTMLFormElement>(null);
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const path = { buildingOwnerId: props.ownerId, buildingId: props.buildingId };
  const tooMany = props.ids.length > BULK_LIMIT;
  const zip = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/documents/zip', {
          params: { path, query: { check: true } },
          body: { documentIds: props.ids },
        }),
      ),
    onSuccess: (data) => {
      toast(t('bulk.zipStarted', { count: typeof data === 'object' && data !== null ? data.count : props.ids.length }));
      // checked: now the browser's own download, streamed to disk however large (a form post into a hidden frame)
      const target = form.current;
      if (!target) return;
      (target.elements.namedItem('documentIds') as HTMLInputElement).value = props.ids.join(',');
      target.submit();
    },
  });
  const canWrite = atLeast(props.role, 'WRITE_ACCESS');
  return (
    <section className="bulk-actions" aria-label={t('bulk.title')}>
      <p className="bulk-count" role="status">
        <strong>{t('bulk.chosen', { count: props.ids.length, formatted: numbers.number(props.ids.length) })}</strong>
        {tooMany && <span className="bad"> {t('bulk.tooMany', { limit: numbers.number(BULK_LIMIT) })}</span>}
      </p>
      <div className="bulk-buttons">
        <button type="button" disabled={zip.isPending || tooMany} onClick={() => zip.mutate()}>
          {zip.isPending ? t('bulk.preparing') : t('bulk.zip')}
        </button>
        {canWrite ? (
          <button type="button" aria-expanded={editing} disabled={tooMany} onClick={() => setEditing(!editing)}>
            {t('bulk.edit')}
          </button>
        ) : (
          <button type="button" disabled aria-describedby="bulk-edit-why">
            {t('bulk.edit')}
          </button>
        )}
        <button type="button" className="link-button" onClick={props.clear}>
          {t('bulk.clear')}
        </button>
      </div>
      {!canWrite && (
        <p className="muted" id="bulk-edit-why">
          {t('bulk.editNeedsWrite')}
        </p>
      )}
      <Failure error={zip.error} />
      <form ref={form} method="post" hidden target="bulk-download" action={zipUrl(props.ownerId, props.buildingId)}>
        <input type="hidden" name="documentIds" />
      </form>
      <iframe name="bulk-download" title={t('bulk.zip')} hidden />
      {editing && canWrite && (
        <BulkEdit
          {...props}
          done={() => {
            void queries.invalidateQueries({ queryKey: ['documents', props.ownerId, props.buildingId] });
          }}
        />
      )}
    </section>
  );
}

const zipUrl = (ownerId: string, buildingId: string) =>
  `/v1/building_owners/${encodeURIComponent(ownerId)}/buildings/${encodeURIComponent(buildingId)}/documents/zip`;

/** one category, discipline and/or set of information types for every chosen document; what is left empty stays */
function BulkEdit(props: { ownerId: string; buildingId: string; ids: string[]; done: () => void }) {
  const { t, i18n } = useTranslation();
  const reference = useReference();
  const [types, setTypes] = useState<string[]>([]);
  const [category, setCategory] = useState('');
  const update = useMutation({
    mutationFn: (change: { buildingCategory?: string; discipline?: string; informationTypes?: string[] }) =>
      unwrap(
        api.POST('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/documents/bulk-update-metadata', {
          params: { path: { buildingOwnerId: props.ownerId, buildingId: props.buildingId } },
          body: { documentIds: props.ids, ...change },
        }),
      ),
    onSuccess: props.done,
  });
  const changed = update.data?.documents.filter((d) => d.changed.length > 0).length ?? 0;
  return (
    <form
      className="bulk-edit"
      aria-label={t('bulk.edit')}
      onSubmit={(event) => {
        event.preventDefault();
        const category = formText(event.currentTarget, 'category');
        const discipline = formText(event.currentTarget, 'discipline');
        update.mutate({
          ...(category ? { buildingCategory: category } : {}),
          ...(discipline ? { discipline } : {}),
          ...(types.length > 0 ? { informationTypes: types } : {}),
        });
      }}
    >
      <p className="muted">{t('bulk.editHint')}</p>
      <Combobox
        label={t('building.category')}
        name="category"
        value={category}
        onChange={setCategory}
        empty={t('bulk.keep')}
        options={reference.data.categories.map((entry) => ({
          value: entry.code,
          label: `${entry.code} ${nameIn(i18n.language, entry)}`,
          search: entry.nameNo + ' ' + entry.nameEn,
        }))}
      />
      <DisciplineSelect name="discipline" label={t('building.discipline')} none={t('bulk.keep')} />
      <InformationTypesPicker value={types} onChange={setTypes} store="id" legend={t('bulk.types')} />
      <p className="actions">
        <button type="submit" disabled={update.isPending}>
          {t('bulk.apply', { count: props.ids.length })}
        </button>
      </p>
      {update.isSuccess && (
        <p role="status" className="good">
          {t('bulk.applied', { count: changed })}
        </p>
      )}
      <Failure error={update.error} />
    </form>
  );
}
