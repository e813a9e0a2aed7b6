import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatsFor } from '../format.js';
import { useReferenceNames } from '../reference.js';

type Entry = { value: unknown; confidence: number; evidence: string[] };

/**
 * The classification as people read it: per field its name, the value by name in the person's language, the
 * confidence, the signals; a field a person has since corrected says so, with the value that holds now.
 */
export function ClassificationEvidence(props: {
  classification: Record<string, Entry>;
  /** what the document says now, per field (a person's correction differs from the classifier's value) */
  current: Record<string, unknown>;
}) {
  const { t, i18n } = useTranslation();
  const names = useReferenceNames();
  const formats = formatsFor(i18n.language);
  const named = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '–';
    if (typeof value === 'boolean') return value ? t('document.yes') : t('document.no');
    if (Array.isArray(value)) return value.map((v) => named(field, v)).join(', ');
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (field === 'buildingCategory') return names.category(text);
    if (field === 'discipline') return names.discipline(text);
    if (field === 'informationType' || field === 'informationTypes') return names.type(text);
    return text;
  };
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  return (
    <ul className="evidence">
      {Object.entries(props.classification).map(([field, entry]) => {
        const corrected = field in props.current && !same(props.current[field], entry.value);
        return (
          <li key={field} data-field={field}>
            <strong>
              {i18next.exists(`classification.fields.${field}`) ? t(`classification.fields.${field}`) : field}
            </strong>
            : {named(field, entry.value)}{' '}
            <span className="muted">
              ({t('classification.confidence', { value: formats.percent(entry.confidence) })})
            </span>
            {corrected && (
              <div className="corrected">
                {t('classification.corrected', { value: named(field, props.current[field]) })}
              </div>
            )}
            {entry.evidence.length > 0 && <div className="muted">{entry.evidence.join('; ')}</div>}
          </li>
        );
      })}
    </ul>
  );
}
