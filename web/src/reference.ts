import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import * as data from '../../server/src/domain/classification/reference-data.js';

/**
 * The reference tables the service classifies by (NS 3451 with its corrected names, the FDV information types,
 * disciplines): the same module the service reads, so the pickers offer exactly the codes the service accepts. They
 * load with the app (about 17.5 KB gzip) rather than on first use, so names in the person's language are there at
 * first render instead of codes or English names for a moment.
 */
function buildReference() {
  return {
    // deliveries take three digits, or four whose first is 2 to 7 (the spec's pattern)
    categories: [...data.ns3451Entries()].filter((entry) => /^(\d{3}|[2-7]\d{3})$/.test(entry.code)),
    informationTypes: [...data.informationTypeEntries().values()],
    disciplines: [...data.disciplineEntries().values()].filter((entry) => entry.market === 'NO'),
    // for names: every part and discipline the service knows (a document may be classified by a two-digit part)
    allCategories: [...data.ns3451Entries()],
    allDisciplines: [...data.disciplineEntries().values()],
  };
}

export type Reference = ReturnType<typeof buildReference>;

let built: Reference | undefined;

/** the reference tables, built on first use (always there: no loading state) */
export function useReference(): { data: Reference } {
  built ??= buildReference();
  return { data: built };
}

/** a name in the person's language */
export const nameIn = (language: string, entry: { nameNo: string; nameEn: string }) =>
  language === 'nb' ? entry.nameNo : entry.nameEn;

/** whether every word of the query occurs in the text (case and accents as typed, Norwegian letters kept) */
export function matches(query: string, ...texts: string[]): boolean {
  const haystack = texts.join(' ').toLocaleLowerCase('nb');
  return query
    .toLocaleLowerCase('nb')
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/**
 * Names of the reference data in the person's language: an information type by its id (or either of its names, as a
 * person may have typed it), an NS 3451 part and a discipline as "code name"; anything unknown as written.
 */
export function useReferenceNames() {
  const { i18n, t } = useTranslation();
  const reference = useReference();
  const language = i18n.language;
  return useMemo(() => {
    const tables = reference.data;
    const types = new Map<string, string>();
    for (const entry of tables.informationTypes) {
      const name = nameIn(language, entry);
      types.set(entry.id, name);
      types.set(entry.nameEn.toLocaleLowerCase('nb'), name);
      types.set(entry.nameNo.toLocaleLowerCase('nb'), name);
    }
    const categories = new Map(tables.allCategories.map((entry) => [entry.code, nameIn(language, entry)]));
    const disciplines = new Map(tables.allDisciplines.map((entry) => [entry.code, nameIn(language, entry)]));
    return {
      isType: (value: string) => types.has(value),
      type: (value: string) => types.get(value) ?? types.get(value.trim().toLocaleLowerCase('nb')) ?? value,
      category: (code: string) => {
        // a document of no NS 3451 part: said in words, not by the bare code
        if (code === 'MSC') return t('building.miscCategory');
        // the nearest named part: 3621 is named by 362 when the table has no 3621
        for (let length = code.length; length >= 1; length--) {
          const name = categories.get(code.slice(0, length));
          if (name) return `${code} ${name}`;
        }
        return code;
      },
      // the code people know the discipline by, and its name: "RIV Rådgivende ingeniør VVS", as NS 3451 parts read
      discipline: (code: string) => {
        const name = disciplines.get(code);
        return name && name !== code ? `${code} ${name}` : code;
      },
      /** a discipline's name alone (where its code stands beside it already) */
      disciplineName: (code: string) => disciplines.get(code) ?? code,
    };
  }, [reference.data, language, t]);
}
