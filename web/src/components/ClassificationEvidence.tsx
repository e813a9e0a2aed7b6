import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { drawingTypeName, signalsInWords, type Signal } from '../evidence.js';
import { formatsFor } from '../format.js';
import { useReferenceNames } from '../reference.js';

type Entry = { value: unknown; confidence: number; evidence: string[]; signals?: Signal[] };

/** a person's correction of a field: who and when, as the service recorded it */
export interface Correction {
  field: string;
  correctedAt: string;
  correctedBy: string | null;
}

/** the fields people look for first, then the rest in the classifier's order */
const ORDER = [
  'buildingCategory',
  'discipline',
  'informationTypes',
  'informationType',
  'isDrawing',
  'drawingType',
  'drawingNumber',
  'drawingRevision',
  'drawingDate',
  'floor',
  'isSchemaDrawing',
  'asBuilt',
  'title',
];
const rank = (field: string) => (ORDER.includes(field) ? ORDER.indexOf(field) : ORDER.length);

/**
 * The classification as people read it: per field its name, the value by name in the person's language, the
 * confidence, the signals in words; a field a person has since corrected says so, by whom and when, with the value
 * that holds now. A signal whose code the app does not know stays apart, behind a line that says it is the
 * classifier's own words (in English), so the page is in one language.
 */
export function ClassificationEvidence(props: {
  classification: Record<string, Entry>;
  /** what the document says now, per field (a person's correction differs from the classifier's value) */
  current: Record<string, unknown>;
  /** the corrections people made, newest first */
  corrections?: Correction[];
}) {
  const { t, i18n } = useTranslation();
  const names = useReferenceNames();
  const formats = formatsFor(i18n.language);
  const named = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '–';
    if (typeof value === 'boolean') return value ? t('document.yes') : t('document.no');
    if (Array.isArray(value)) return value.length ? value.map((v) => named(field, v)).join(', ') : '–';
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (field === 'buildingCategory') return names.category(text);
    if (field === 'discipline') return names.discipline(text);
    if (field === 'informationType' || field === 'informationTypes') return names.type(text);
    if (field === 'drawingType') return drawingTypeName(t, text);
    if (field === 'drawingDate' && /^\d{4}-\d{2}-\d{2}/.test(text)) return formats.date(new Date(text));
    return text;
  };
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const fields = Object.entries(props.classification).sort(([a], [b]) => rank(a) - rank(b));
  return (
    <ul className="evidence">
      {fields.map(([field, entry]) => {
        // the primary type is corrected with the list of types
        const correction = props.corrections?.find(
          (c) => c.field === field || (field === 'informationType' && c.field === 'informationTypes'),
        );
        const corrected =
          correction !== undefined || (field in props.current && !same(props.current[field], entry.value));
        const signals = entry.signals ?? entry.evidence.map((text) => ({ code: 'unknown', params: {}, text }));
        const { known, unknown } = signalsInWords(signals, t, names);
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
                {correction
                  ? t(correction.correctedBy ? 'classification.correctedBy' : 'classification.correctedOn', {
                      value: named(field, props.current[field]),
                      name: correction.correctedBy,
                      date: formats.dateTime(new Date(correction.correctedAt)),
                    })
                  : t('classification.corrected', { value: named(field, props.current[field]) })}
              </div>
            )}
            {known.length > 0 && (
              <div className="muted signals">
                {t('classification.signalsLabel')}: {known.join('; ')}
              </div>
            )}
            {unknown.length > 0 &&
              (i18n.language === 'en' ? (
                <div className="muted signals">{unknown.join('; ')}</div>
              ) : (
                <details className="muted signals">
                  <summary>{t('classification.untranslated', { count: unknown.length })}</summary>
                  <span lang="en">{unknown.join('; ')}</span>
                </details>
              ))}
          </li>
        );
      })}
    </ul>
  );
}
