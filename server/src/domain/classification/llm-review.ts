/**
 * Optional, off unless a language model is configured (LLM_PROVIDER): a document whose rules-and-model confidence is
 * low in a field is shown to the model with its name, its first pages and the code tables, and the model's answer
 * for that field is taken only when it names a valid code. Its reason becomes the field's first line of evidence; the
 * rules' evidence follows. Anything else (an invalid code, no answer, an error, a timeout) keeps the rules' result.
 */
import type { ChatModel } from '../answers/ports.js';
import type { Classification, ClassificationInput, FieldEvidence } from './classification.types.js';
import {
  disciplineEntries,
  informationTypeEntries,
  isKnownInformationType,
  isValidBuildingCategory,
  ns3451Entries,
} from './reference-data.js';

/** A field whose confidence is below this is sent to the model. */
export const LLM_REVIEW_BELOW = 0.5;
/** What the model reads of the document: the opening pages carry its title, genre and subject. */
const TEXT_CHARS = 3000;
const FIELDS = ['buildingCategory', 'discipline', 'informationType'] as const;
type ReviewedField = (typeof FIELDS)[number];

export interface ClassificationReviewer {
  /** the classification, with low-confidence fields replaced where the model named a valid code */
  review(input: ClassificationInput, classification: Classification): Promise<Classification>;
}

/** the fields a document would be sent for: those the rules and the text model are unsure of */
export function fieldsToReview(classification: Classification): ReviewedField[] {
  return FIELDS.filter((f) => (classification.evidence[f]?.confidence ?? 0) < LLM_REVIEW_BELOW);
}

function tables(market: 'NO' | 'UK'): string {
  const parts = [...ns3451Entries()]
    .filter((e) => e.level === 2 || e.level === 3)
    .map((e) => `${e.code} ${e.nameNo} / ${e.nameEn}`)
    .join('\n');
  const disciplines = [...disciplineEntries().values()]
    .filter((d) => d.market === market)
    .map((d) => `${d.code} ${d.nameEn}`)
    .join('\n');
  const types = [...informationTypeEntries().values()].map((t) => `${t.id} ${t.nameEn}`).join('\n');
  return `NS 3451 building parts (or MSC for none):\n${parts}\n\nDisciplines (${market === 'UK' ? 'UK ISO 19650 role letters' : 'Norwegian codes'}, or null for none):\n${disciplines}\n\nInformation types:\n${types}`;
}

const SYSTEM =
  'You classify building documentation (drawings, FDV/O&M documents, certificates, reports). Answer with one JSON ' +
  'object and nothing else: {"buildingCategory": "<NS 3451 code or MSC>", "discipline": "<code or null>", ' +
  '"informationType": "<id or null>", "reason": "<one sentence: what the document is about and why>"}. Use only ' +
  'codes from the tables. A document about no building part (minutes, contracts, offers, energy certificates, ' +
  'untitled scans) is MSC with discipline null.';

function parseAnswer(text: string): Record<string, unknown> | null {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    const value: unknown = JSON.parse(text.slice(start, end + 1));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function valid(field: ReviewedField, value: unknown, market: 'NO' | 'UK'): value is string | null {
  if (field === 'discipline') {
    if (value === null) return true;
    return typeof value === 'string' && disciplineEntries().get(value)?.market === market;
  }
  if (typeof value !== 'string') return false;
  return field === 'buildingCategory'
    ? value === 'MSC' || isValidBuildingCategory(value)
    : isKnownInformationType(value);
}

export function createLlmClassificationReviewer(deps: { model: ChatModel; timeoutMs: number }): ClassificationReviewer {
  return {
    async review(input, classification) {
      const fields = fieldsToReview(classification);
      if (fields.length === 0) return classification;
      const market: 'NO' | 'UK' = input.market ?? (/^[A-Z]$/.test(classification.discipline ?? '') ? 'UK' : 'NO');
      let text = '';
      for (const page of input.pages) {
        if (text.length >= TEXT_CHARS) break;
        text += `${page.text}\n`;
      }
      const user =
        `File: ${input.originalPath ?? input.filename}\nTitle: ${input.title ?? ''}\n` +
        `Fields the rules are unsure of: ${fields.join(', ')}\n` +
        `Text of the first pages:\n${text.slice(0, TEXT_CHARS)}\n\n${tables(market)}`;
      let answer = '';
      try {
        for await (const event of deps.model.stream({
          system: SYSTEM,
          messages: [{ role: 'user', content: user }],
          tools: [],
          toolChoice: 'none',
          maxTokens: 300,
          signal: AbortSignal.timeout(deps.timeoutMs),
        }))
          if (event.type === 'text') answer += event.text;
      } catch {
        // the model is an optional helper: when it fails, the rules' classification stands
        return classification;
      }
      const parsed = parseAnswer(answer);
      if (!parsed) return classification;
      const reason = typeof parsed.reason === 'string' ? parsed.reason.slice(0, 300) : 'no reason given';
      const result: Classification = { ...classification, evidence: { ...classification.evidence } };
      for (const field of fields) {
        const value = parsed[field];
        if (!valid(field, value, market)) continue;
        const before: FieldEvidence | undefined = classification.evidence[field];
        result.evidence[field] = {
          value,
          confidence: LLM_REVIEW_BELOW,
          evidence: [
            `language model (${deps.model.label}): ${reason}`,
            ...(before
              ? [`rules said ${JSON.stringify(before.value)}`, ...before.evidence.map((e) => `rules: ${e}`)]
              : []),
          ],
        };
        if (field === 'buildingCategory') result.buildingCategory = value ?? 'MSC';
        else if (field === 'discipline') result.discipline = value;
        else {
          result.informationType = value;
          result.informationTypes = value ? [value, ...classification.informationTypes.filter((t) => t !== value)] : [];
        }
      }
      return result;
    },
  };
}
