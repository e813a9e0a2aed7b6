/**
 * Optional, on when a language model is configured (LLM_PROVIDER): the model reads a document's pages and proposes
 * tasks the built-in extractor missed. A proposal is kept only when its citation stands verbatim in the page it names
 * (the answerer's own test, verbatimOffset) and its interval is one the interval reader understands in the cited text
 * or the model's own words; anything else, an error or a timeout, leaves the built-in tasks as they are.
 */
import { verbatimOffset } from '../answers/citations.js';
import type { ChatModel } from '../answers/ports.js';
import { findIntervals, parseIntervalCell, type Interval } from './intervals.js';
import { PERFORMERS, type ExtractedTask, type PerformedBy } from './maintenance.types.js';
import { categoryOfWords, findActions, tfmCodeOf } from './task-extractor.js';

export interface TaskProposer {
  /** tasks proposed beyond `known`, each verified against the page text */
  propose(params: {
    pages: readonly { pageNumber: number; text: string }[];
    known: readonly ExtractedTask[];
    buildingCategory: string | null;
  }): Promise<ExtractedTask[]>;
}

/** the model reads this much of a document: the pages that hold maintenance sections come first in most manuals */
const MAX_CHARS = 24_000;

const SYSTEM =
  'You read building O&M / FDV documentation and list every maintenance task it states: what is done (inspect, ' +
  'clean, replace, test, lubricate, service, adjust, drain, refill, paint, measure), to which component, how often, ' +
  'and by whom (owner, operator, service_company or null). Answer with one JSON object and nothing else: ' +
  '{"tasks": [{"page": <page number>, "cited_text": "<the sentence or table row that states the task, copied ' +
  'character for character from the page>", "component": "...", "action": "...", "interval_text": "<the interval ' +
  'as the text says it>", "performed_by": "..."}]}. Only tasks the text states with a frequency; never warranty ' +
  'periods, delivery times, payment terms, test results or fire ratings.';

function parseJson(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return null;
  }
}

const str = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null;

export function createLlmTaskProposer(deps: { model: ChatModel; timeoutMs: number }): TaskProposer {
  return {
    async propose({ pages, known, buildingCategory }) {
      let text = '';
      for (const page of pages) {
        if (text.length >= MAX_CHARS) break;
        text += `--- page ${page.pageNumber} ---\n${page.text}\n`;
      }
      let answer = '';
      try {
        for await (const event of deps.model.stream({
          system: SYSTEM,
          messages: [{ role: 'user', content: text.slice(0, MAX_CHARS) }],
          tools: [],
          toolChoice: 'none',
          maxTokens: 2000,
          signal: AbortSignal.timeout(deps.timeoutMs),
        }))
          if (event.type === 'text') answer += event.text;
      } catch {
        return [];
      }
      const parsed = parseJson(answer) as { tasks?: unknown } | null;
      if (!parsed || !Array.isArray(parsed.tasks)) return [];
      const out: ExtractedTask[] = [];
      for (const raw of parsed.tasks as Record<string, unknown>[]) {
        if (!raw || typeof raw !== 'object') continue;
        const pageNumber = typeof raw.page === 'number' ? raw.page : Number(raw.page);
        const page = pages.find((p) => p.pageNumber === pageNumber);
        const citedText = typeof raw.cited_text === 'string' ? raw.cited_text.trim() : '';
        // the answerer's test: the citation stands, character for character, once on the page it names
        if (!page || verbatimOffset(page.text, citedText) === null) continue;
        if (
          known.some(
            (k) => k.pageNumber === pageNumber && (k.citedText.includes(citedText) || citedText.includes(k.citedText)),
          )
        )
          continue;
        const intervalText = str(raw.interval_text, 200) ?? '';
        const found = findIntervals(citedText)[0] ?? parseIntervalCell(intervalText) ?? findIntervals(intervalText)[0];
        if (!found) continue;
        const interval: Interval | null = found.interval;
        const action = findActions(str(raw.action, 40) ?? '')[0]?.action ?? findActions(citedText)[0]?.action;
        const component = str(raw.component, 120);
        if (!action || !component) continue;
        const performedBy = PERFORMERS.includes(raw.performed_by as PerformedBy)
          ? (raw.performed_by as PerformedBy)
          : null;
        const componentCode = tfmCodeOf(citedText);
        out.push({
          component,
          componentCode,
          buildingCategory: categoryOfWords(component) ?? buildingCategory,
          action,
          interval,
          intervalText: found.text.trim() || intervalText,
          performedBy,
          pageNumber,
          citedText,
        });
      }
      return out;
    },
  };
}
