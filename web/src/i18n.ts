import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

const resources = {
  nb: {
    translation: {
      brand: 'byggdok',
      nav: { portfolio: 'Portefølje', search: 'Søk' },
      language: 'Språk',
      loading: 'Laster …',
      error: 'Noe gikk galt: {{detail}}',
      retry: 'Prøv igjen',
      portfolio: {
        title: 'Portefølje',
        empty: 'Du har ingen byggeiere ennå.',
        noBuildings: 'Ingen bygg ennå.',
        documents_one: '{{count}} dokument',
        documents_other: '{{count}} dokumenter',
      },
      document: {
        back: 'Tilbake til bygget',
        download: 'Last ned',
        path: 'Mappe og fil',
        informationTypes: 'Informasjonstyper',
        drawing: 'Tegning',
        yes: 'Ja',
        no: 'Nei',
        floor: 'Etasje',
        created: 'Lastet opp',
        classification: 'Klassifisering',
        notClassified: 'Ikke klassifisert ennå.',
        edit: 'Endre',
        filename: 'Filnavn',
        save: 'Lagre',
        saved: 'Lagret.',
        learns: 'Når du retter kategorien, lærer byggeierens klassifisering av rettelsen.',
        preview: 'Forhåndsvisning',
        noPreview: 'Ingen forhåndsvisning for denne filen. Last den ned for å åpne den.',
      },
      search: {
        title: 'Søk',
        query: 'Søk etter',
        owner: 'Byggeier',
        building: 'Bygg',
        allBuildings: 'Alle bygg',
        sort: 'Sortering',
        relevance: 'Mest relevant',
        newest: 'Sist endret',
        filename: 'Filnavn',
        fuzzy: 'Tillat skrivefeil',
        go: 'Søk',
        hint: 'Skriv inn det du leter etter, for eksempel «brannalarm» eller «FDV ventilasjon».',
        facets: 'Avgrens',
        hits_one: '{{count}} treff',
        hits_other: '{{count}} treff',
        pages: 'Sider',
        previous: 'Forrige',
        next: 'Neste',
      },
      building: {
        back: 'Tilbake til porteføljen',
        documents: 'Dokumenter',
        processed: '{{processed}} av {{total}} ferdig behandlet ({{percent}} %)',
        filter: 'Filtrer',
        search: 'Filnavn inneholder',
        discipline: 'Fag',
        category: 'NS 3451',
        kind: 'Type',
        all: 'Alle',
        drawings: 'Tegninger',
        others: 'Dokumenter',
        name: 'Navn',
        folder: 'Mappe',
        changed: 'Endret',
        size: 'Størrelse',
        state: 'Status',
        corrupt: 'Skadet',
        ok: 'OK',
        showing: 'Viser {{shown}} av {{loaded}} lastet',
        more: 'Last flere',
        none: 'Ingen dokumenter passer filteret.',
        sortBy: 'Sorter etter {{column}}',
      },
    },
  },
  en: {
    translation: {
      brand: 'byggdok',
      nav: { portfolio: 'Portfolio', search: 'Search' },
      language: 'Language',
      loading: 'Loading …',
      error: 'Something went wrong: {{detail}}',
      retry: 'Try again',
      portfolio: {
        title: 'Portfolio',
        empty: 'You have no building owners yet.',
        noBuildings: 'No buildings yet.',
        documents_one: '{{count}} document',
        documents_other: '{{count}} documents',
      },
      document: {
        back: 'Back to the building',
        download: 'Download',
        path: 'Folder and file',
        informationTypes: 'Information types',
        drawing: 'Drawing',
        yes: 'Yes',
        no: 'No',
        floor: 'Floor',
        created: 'Uploaded',
        classification: 'Classification',
        notClassified: 'Not classified yet.',
        edit: 'Edit',
        filename: 'File name',
        save: 'Save',
        saved: 'Saved.',
        learns: 'When you correct the category, the owner’s classifier learns from the correction.',
        preview: 'Preview',
        noPreview: 'No preview for this file. Download it to open it.',
      },
      search: {
        title: 'Search',
        query: 'Search for',
        owner: 'Building owner',
        building: 'Building',
        allBuildings: 'All buildings',
        sort: 'Sort',
        relevance: 'Most relevant',
        newest: 'Last changed',
        filename: 'File name',
        fuzzy: 'Allow typos',
        go: 'Search',
        hint: 'Type what you are looking for, for example “fire alarm” or “O&M ventilation”.',
        facets: 'Narrow down',
        hits_one: '{{count}} hit',
        hits_other: '{{count}} hits',
        pages: 'Pages',
        previous: 'Previous',
        next: 'Next',
      },
      building: {
        back: 'Back to the portfolio',
        documents: 'Documents',
        processed: '{{processed}} of {{total}} processed ({{percent}} %)',
        filter: 'Filter',
        search: 'File name contains',
        discipline: 'Discipline',
        category: 'NS 3451',
        kind: 'Kind',
        all: 'All',
        drawings: 'Drawings',
        others: 'Documents',
        name: 'Name',
        folder: 'Folder',
        changed: 'Changed',
        size: 'Size',
        state: 'State',
        corrupt: 'Corrupt',
        ok: 'OK',
        showing: 'Showing {{shown}} of {{loaded}} loaded',
        more: 'Load more',
        none: 'No documents match the filter.',
        sortBy: 'Sort by {{column}}',
      },
    },
  },
} as const;

export type Language = keyof typeof resources;
export const LANGUAGES: Language[] = ['nb', 'en'];
const STORED = 'byggdok.language';

function initialLanguage(): Language {
  const stored = window.localStorage.getItem(STORED);
  if (stored === 'nb' || stored === 'en') return stored;
  return /^(nb|no|nn)\b/i.test(navigator.language) ? 'nb' : 'en';
}

export async function setupI18n(): Promise<void> {
  await i18next.use(initReactI18next).init({
    resources,
    lng: initialLanguage(),
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = i18next.language;
}

export async function changeLanguage(language: Language): Promise<void> {
  window.localStorage.setItem(STORED, language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}
