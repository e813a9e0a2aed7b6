import { describe, expect, it } from 'vitest';
import { classifyDocument } from '../../../src/domain/classification/classify.js';
import type { Classification } from '../../../src/domain/classification/classification.types.js';
import { createLlmClassificationReviewer } from '../../../src/domain/classification/llm-review.js';
import { ChatModelError } from '../../../src/domain/answers/ports.js';
import { createFakeChatModel } from '../../../src/integrations/llm/fake.llm.js';
import { A4, doc } from './helpers.js';

const input = doc({
  path: 'Prosjekt Lia/Diverse/Skann 0007.pdf',
  size: A4,
  text: 'Luftmengder målt og justert\nAggregat 360.001\nProsjektert 4200 m3/h',
});

/** the rules' classification of the scan, with the category and discipline made unsure for the test */
function unsure(): Classification {
  const c = classifyDocument(input);
  return {
    ...c,
    evidence: {
      ...c.evidence,
      buildingCategory: { ...c.evidence.buildingCategory!, confidence: 0.3 },
      discipline: { ...c.evidence.discipline!, confidence: 0.3 },
      informationType: { ...c.evidence.informationType!, confidence: 0.9 },
    },
  };
}

function answering(answer: string) {
  return createFakeChatModel(() => [
    { type: 'text', text: answer },
    { type: 'done', stopReason: 'stop' },
  ]);
}

describe('a language model reviewing what the rules are unsure of', () => {
  it('never calls the model for a document the rules are sure of', async () => {
    const model = answering('{}');
    const sure = classifyDocument(
      doc({ path: 'FDV/36 Ventilasjon/Produktdatablad Swegon GOLD RX.pdf', size: A4, text: 'Produktdatablad' }),
    );
    const reviewed = await createLlmClassificationReviewer({ model, timeoutMs: 5000 }).review(input, {
      ...sure,
      evidence: Object.fromEntries(Object.entries(sure.evidence).map(([k, v]) => [k, { ...v, confidence: 0.9 }])),
    });
    expect(model.requests).toHaveLength(0);
    expect(reviewed.buildingCategory).toBe(sure.buildingCategory);
  });

  it('takes a valid code for the unsure fields only, with the model reason first in the evidence', async () => {
    const model = answering(
      'Here it is: {"buildingCategory": "36", "discipline": "RIV", "informationType": "report", "reason": "Balancing of a ventilation unit"}',
    );
    const before = unsure();
    const reviewed = await createLlmClassificationReviewer({ model, timeoutMs: 5000 }).review(input, before);
    expect(model.requests).toHaveLength(1);
    const prompt = model.requests[0]!.messages[0]!.content;
    expect(prompt).toContain('Prosjekt Lia/Diverse/Skann 0007.pdf');
    expect(prompt).toContain('361 ');
    expect(prompt).toContain('Fields the rules are unsure of: buildingCategory, discipline');
    expect(reviewed.buildingCategory).toBe('36');
    expect(reviewed.discipline).toBe('RIV');
    expect(reviewed.evidence.buildingCategory?.evidence[0]).toBe(
      'language model (fake:scripted): Balancing of a ventilation unit',
    );
    expect(reviewed.evidence.buildingCategory?.evidence).toContain(
      `rules said ${JSON.stringify(before.buildingCategory)}`,
    );
    // the information type was not unsure: the model's "report" is not taken
    expect(reviewed.informationType).toBe(before.informationType);
  });

  it('keeps the rules where the model names no valid code, answers nonsense or fails', async () => {
    const before = unsure();
    const invalid = await createLlmClassificationReviewer({
      model: answering('{"buildingCategory": "99X", "discipline": "E", "reason": "guess"}'),
      timeoutMs: 5000,
    }).review(input, before);
    expect([invalid.buildingCategory, invalid.discipline]).toEqual([before.buildingCategory, before.discipline]);

    const prose = await createLlmClassificationReviewer({ model: answering('I cannot tell.'), timeoutMs: 5000 }).review(
      input,
      before,
    );
    expect(prose).toEqual(before);

    const failing = createFakeChatModel(() => {
      throw new ChatModelError('unavailable', 'the model is down');
    });
    const failed = await createLlmClassificationReviewer({ model: failing, timeoutMs: 5000 }).review(input, before);
    expect(failed).toEqual(before);
  });
});
