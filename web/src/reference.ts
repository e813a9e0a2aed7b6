import { useQuery } from '@tanstack/react-query';

/**
 * The reference tables the service classifies by (NS 3451 with its corrected names, the FDV information types,
 * disciplines), loaded on first use in a chunk of their own: the same module the service reads, so the pickers offer
 * exactly the codes the service accepts.
 */
async function loadReference() {
  const data = await import('../../server/src/domain/classification/reference-data.js');
  return {
    // deliveries take three digits, or four whose first is 2 to 7 (the spec's pattern)
    categories: [...data.ns3451Entries()].filter((entry) => /^(\d{3}|[2-7]\d{3})$/.test(entry.code)),
    informationTypes: [...data.informationTypeEntries().values()],
    disciplines: [...data.disciplineEntries().values()].filter((entry) => entry.market === 'NO'),
  };
}

export type Reference = Awaited<ReturnType<typeof loadReference>>;

export function useReference() {
  return useQuery({ queryKey: ['reference'], queryFn: loadReference, staleTime: Infinity });
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
