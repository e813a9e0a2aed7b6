import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../src/locales/en.json';
import nb from '../src/locales/nb.json';

/**
 * The app's words are one file per language that a translator can own: every key in every language, every key in use,
 * every key in use present. A key is in use when the source names it as a string ('people.title'), or when it starts
 * with one of the prefixes the source completes at run time (t(`people.roles.${role}`)): those are listed here, so a
 * new dynamic key is a decision, not an accident.
 */
const DYNAMIC_PREFIXES = [
  'people.roles.',
  'people.statuses.',
  'people.audit.actions.',
  'people.audit.actors.',
  'people.audit.fields.',
  'languages.',
  'upload.counts.',
  'upload.outcome.',
  'upload.phase.',
  'account.problems.',
  'account.history.reasons.',
  'account.history.via.',
  'building.states.',
  'maintenance.actionNames.',
  'maintenance.every.',
  'maintenance.performers.',
  'maintenance.statuses.',
  'maintenance.units.',
  'projects.approval.',
  'projects.status.',
  'projects.states.',
  'report.status.',
  'construction.zipStatus.',
  'construction.flags.',
  'problems.codes.',
  'problems.status.',
  'classification.fields.',
  'classification.places.',
  'classification.drawingTypes.',
  'classification.signals.',
  'webhooks.statuses.',
  'webhooks.eventNames.',
];

type Tree = { [key: string]: string | Tree };
const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [prefix + key] : keysOf(value, `${prefix}${key}.`),
  );
/** i18next's plural forms are one key in the source */
const baseOf = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [readFileSync(path, 'utf8')] : [];
  });
}

const source = sources(join(import.meta.dirname, '../src')).join('\n');
const named = new Set([...source.matchAll(/['"]([a-zA-Z][\w-]*(?:\.[\w-]+)*)['"]/g)].map((m) => m[1]));
const nbKeys = keysOf(nb);
const enKeys = keysOf(en);

describe('the translations', () => {
  it('have every key in both languages', () => {
    expect(nbKeys.filter((key) => !enKeys.includes(key))).toEqual([]);
    expect(enKeys.filter((key) => !nbKeys.includes(key))).toEqual([]);
  });

  it('have no key the app does not use', () => {
    const unused = enKeys.filter(
      (key) => !named.has(baseOf(key)) && !DYNAMIC_PREFIXES.some((prefix) => key.startsWith(prefix)),
    );
    expect(unused).toEqual([]);
  });

  it('have every key the app asks for', () => {
    const asked = [...source.matchAll(/\bt\(\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!);
    const known = new Set(enKeys.map(baseOf));
    expect([...new Set(asked)].filter((key) => !known.has(key))).toEqual([]);
  });

  it('complete every dynamic prefix with keys that exist, in both languages', () => {
    const used = [...source.matchAll(/`([a-zA-Z][\w.]*\.)\$\{/g)].map((m) => m[1]!);
    const unlisted = [...new Set(used)].filter(
      (prefix) => !DYNAMIC_PREFIXES.includes(prefix) && enKeys.some((key) => key.startsWith(prefix)),
    );
    expect(unlisted).toEqual([]);
  });

  it('keep the same placeholders in both languages', () => {
    const flat = (tree: Tree, prefix = ''): [string, string][] =>
      Object.entries(tree).flatMap(([key, value]) =>
        typeof value === 'string' ? [[prefix + key, value] as [string, string]] : flat(value, `${prefix}${key}.`),
      );
    const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
    const nbText = new Map(flat(nb));
    const differ = flat(en as Tree).filter(
      ([key, text]) => JSON.stringify(placeholders(text)) !== JSON.stringify(placeholders(nbText.get(key) ?? '')),
    );
    expect(differ.map(([key]) => key)).toEqual([]);
  });

  it('count one thing in the singular and more in the plural', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ resources: { nb: { translation: nb }, en: { translation: en } }, lng: 'en' });
    const said = (language: string, key: string, values: Record<string, unknown>) =>
      i18n.getFixedT(language)(key, values);
    const task = (count: number) => ({ count, total: String(count), proposed: '1' });
    expect(said('en', 'maintenance.count', task(1))).toBe('1 task, 1 proposed');
    expect(said('en', 'maintenance.count', task(2))).toBe('2 tasks, 1 proposed');
    expect(said('nb', 'maintenance.count', task(1))).toBe('1 oppgave, 1 forslag');
    expect(said('nb', 'maintenance.count', task(2))).toBe('2 oppgaver, 1 forslag');
    const showing = (count: number) => ({ count, shown: '1', loaded: String(count) });
    expect(said('en', 'building.showing', showing(1))).toBe('Showing 1 of 1 document');
    expect(said('nb', 'building.showing', showing(3))).toBe('Viser 1 av 3 dokumenter');
  });
});
