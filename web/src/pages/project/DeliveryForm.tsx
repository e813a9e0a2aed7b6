import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, formText, unwrap } from '../../api.js';
import { Failure } from '../../components/Layout.js';
import { useToast } from '../../components/ui/Toast.js';
import {
  CategoryPicker,
  DisciplineSelect,
  InformationTypesPicker,
  SubcontractorSelect,
} from '../../components/Pickers.js';
import type { Delivery } from './deliveries.js';
import { useReferenceNames } from '../../reference.js';

/** what the form holds besides the pickers, from the submitted form */
function fieldsOf(form: HTMLFormElement) {
  const contact = { name: formText(form, 'contactName').trim(), email: formText(form, 'contactEmail').trim() };
  const phone = formText(form, 'contactPhone').trim();
  return {
    description: formText(form, 'description').trim(),
    discipline: formText(form, 'discipline').trim(),
    subContractorId: formText(form, 'subcontractor') || null,
    contactPerson: contact.name || contact.email || phone ? { ...contact, phone: phone || null } : null,
  };
}

/**
 * A delivery created or changed: the NS 3451 building part and the expected information types from their pickers,
 * what it covers, the subcontractor who owes it and the contractor's contact person.
 */
export function DeliveryForm(props: {
  customerId: string;
  projectId: string;
  subcontractors: { id: string; companyName: string }[];
  delivery?: Delivery;
  done: () => Promise<void>;
  cancel?: () => void;
}) {
  const { t } = useTranslation();
  const { delivery } = props;
  const [category, setCategory] = useState(delivery?.fullCategory ?? '');
  const [types, setTypes] = useState<string[]>(delivery?.informationTypesExpected ?? []);
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  const toast = useToast();
  const save = useMutation({
    mutationFn: async (form: HTMLFormElement) => {
      const fields = fieldsOf(form);
      const categories = { buildingCategory: category.slice(0, 3), fullCategory: category };
      const described = {
        ...(fields.description || delivery ? { description: fields.description } : {}),
        ...(fields.discipline || delivery ? { discipline: fields.discipline } : {}),
        ...(fields.contactPerson ? { contactPerson: fields.contactPerson } : {}),
      };
      if (delivery)
        return unwrap(
          api.PUT('/construction/deliveries/{id}', {
            params: { path: { id: delivery.id } },
            body: {
              ...categories,
              ...described,
              subContractorId: fields.subContractorId,
              informationTypesExpected: types,
            },
          }),
        );
      const created = await unwrap(
        api.POST('/construction/deliveries/', {
          body: {
            customerId: props.customerId,
            projectId: props.projectId,
            ...categories,
            ...described,
            informationTypesExpected: types,
          },
        }),
      );
      // the subcontractor is assigned by an update: the create body does not take it
      if (!fields.subContractorId) return created;
      return unwrap(
        api.PUT('/construction/deliveries/{id}', {
          params: { path: { id: created.id } },
          body: { subContractorId: fields.subContractorId },
        }),
      );
    },
    onSuccess: async () => {
      await props.done();
      toast(delivery ? t('construction.deliverySaved') : t('construction.deliveryCreated'));
    },
  });
  return (
    <form
      className="delivery-form"
      aria-label={delivery ? t('construction.editDelivery') : t('construction.newDelivery')}
      onSubmit={(event) => {
        event.preventDefault();
        if (!category) return setProblem(t('construction.noCategory'));
        if (types.length === 0) return setProblem(t('construction.noTypes'));
        setProblem(null);
        save.mutate(event.currentTarget);
      }}
    >
      <CategoryPicker
        value={category}
        onChange={setCategory}
        {...(problem === t('construction.noCategory') ? { describedBy: problemId } : {})}
      />
      <InformationTypesPicker value={types} onChange={setTypes} />
      <div className="form-grid">
        <label>
          {t('construction.description')}
          <input name="description" maxLength={2000} defaultValue={delivery?.description ?? ''} />
        </label>
        <DisciplineSelect
          name="discipline"
          label={t('construction.discipline')}
          none="–"
          defaultValue={delivery?.discipline ?? null}
        />
        <SubcontractorSelect
          name="subcontractor"
          label={t('construction.subcontractor')}
          none={t('projects.unassigned')}
          subcontractors={props.subcontractors}
          defaultValue={delivery?.subContractorId ?? null}
        />
        <label>
          {t('construction.contactName')}
          <input name="contactName" maxLength={255} defaultValue={delivery?.contactPerson?.name ?? ''} />
        </label>
        <label>
          {t('construction.contactEmail')}
          <input name="contactEmail" type="email" maxLength={255} defaultValue={delivery?.contactPerson?.email ?? ''} />
        </label>
        <label>
          {t('construction.contactPhone')}
          <input name="contactPhone" maxLength={100} defaultValue={delivery?.contactPerson?.phone ?? ''} />
        </label>
      </div>
      {problem && (
        <p role="alert" className="bad" id={problemId}>
          {problem}
        </p>
      )}
      <p className="actions">
        <button type="submit" disabled={save.isPending}>
          {delivery ? t('construction.saveDelivery') : t('construction.createDelivery')}
        </button>
        {props.cancel && (
          <button type="button" onClick={props.cancel}>
            {t('construction.cancel')}
          </button>
        )}
      </p>
      <Failure error={save.error} />
    </form>
  );
}

/** deliveries of another project of the customer, picked and copied into this one */
export function CopyDeliveries(props: {
  customerId: string;
  projectId: string;
  projects: { id: string; name: string }[];
  done: () => Promise<void>;
}) {
  const names = useReferenceNames();
  const { t } = useTranslation();
  const [from, setFrom] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const toast = useToast();
  const source = useMutation({
    mutationFn: (projectId: string) =>
      unwrap(api.GET('/construction/deliveries/project/{projectId}', { params: { path: { projectId } } })),
    onSuccess: (data) => setPicked(data.deliveries.map((d) => d.id)),
  });
  const copy = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/construction/deliveries/copy-deliveries', {
          body: { fromProjectId: from, toProjectId: props.projectId, deliveryIds: picked },
        }),
      ),
    onSuccess: async () => {
      await props.done();
      toast(t('construction.copied', { count: picked.length }));
      setFrom('');
      source.reset();
    },
  });
  const others = props.projects.filter((p) => p.id !== props.projectId);
  if (others.length === 0) return null;
  return (
    <fieldset className="copy-deliveries">
      <legend>{t('construction.copyFrom')}</legend>
      <label>
        {t('construction.fromProject')}
        <select
          value={from}
          onChange={(event) => {
            setFrom(event.target.value);
            if (event.target.value) source.mutate(event.target.value);
          }}
        >
          <option value="">–</option>
          {others.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      {source.data && (
        <ul className="picker-options">
          {source.data.deliveries.map((d) => (
            <li key={d.id}>
              <label>
                <input
                  type="checkbox"
                  checked={picked.includes(d.id)}
                  onChange={(event) =>
                    setPicked(event.target.checked ? [...picked, d.id] : picked.filter((id) => id !== d.id))
                  }
                />
                {names.category(d.fullCategory)} {d.description ?? ''} (
                {d.informationTypesExpected.map(names.type).join(', ')})
              </label>
            </li>
          ))}
        </ul>
      )}
      {source.data && (
        <button type="button" disabled={picked.length === 0 || copy.isPending} onClick={() => copy.mutate()}>
          {t('construction.copy', { count: picked.length })}
        </button>
      )}
      <Failure error={source.error ?? copy.error} />
    </fieldset>
  );
}
