import { describe, expect, it } from 'vitest';
import type { ClassificationInput } from '../../../src/domain/classification/classification.types.js';
import { classifyDocument } from '../../../src/domain/classification/classify.js';
import {
  applyCorrection,
  correctionCount,
  correctionFeatures,
  createCorrection,
  createOwnerModel,
  MAX_EXAMPLES_PER_FIELD,
  parseOwnerModel,
  serializeOwnerModel,
  suggestFromOwnerModel,
  type OwnerModel,
} from '../../../src/domain/classification/owner-model.js';
import { A4, doc } from './helpers.js';

/** This owner files its heat pumps under comfort cooling (37); the rules say heating (32). */
function heatPump(model: string): ClassificationInput {
  return doc({
    path: `Eiendom Nord/FDV/Varmepumper/Mitsubishi Zubadan ${model} - produktblad.pdf`,
    size: A4,
    text: 'Luft/vann-varmepumpe\nTekniske data\nAvgitt effekt 11 kW',
  });
}

function corrected(models: string[]): OwnerModel {
  let model = createOwnerModel();
  for (const m of models) {
    model = applyCorrection(
      model,
      createCorrection({ field: 'buildingCategory', value: '37', input: heatPump(m), previousValue: '32' }),
    );
  }
  return model;
}

describe('learning from corrections', () => {
  it("classifies the rules' way before any correction", () => {
    expect(classifyDocument(heatPump('PUHZ-SHW230')).buildingCategory.slice(0, 2)).toBe('32');
  });

  it('after three corrections files a similar new document the corrected way, and says so', () => {
    const model = corrected(['PUHZ-SHW80', 'PUHZ-SHW112', 'PUHZ-SHW140']);
    const c = classifyDocument(heatPump('PUHZ-SHW230'), { ownerModel: model });
    expect(c.buildingCategory).toBe('37');
    expect(c.evidence.buildingCategory?.evidence[0]).toBe('learned from 3 corrections in this owner');
    expect(c.evidence.buildingCategory?.value).toBe('37');
  });

  it('keeps every rule-based signal in the evidence after a correction', () => {
    const before = classifyDocument(heatPump('PUHZ-SHW230'));
    const after = classifyDocument(heatPump('PUHZ-SHW230'), {
      ownerModel: corrected(['PUHZ-SHW80', 'PUHZ-SHW112', 'PUHZ-SHW140']),
    });
    const evidence = after.evidence.buildingCategory?.evidence ?? [];
    // the text model's vote is the one line that changes: the owner's corrections adapt it, and it says so
    for (const line of before.evidence.buildingCategory?.evidence ?? []) {
      if (line.startsWith('text model ')) continue;
      expect(evidence).toContain(`rules: ${line}`);
    }
    for (const line of evidence.filter((e) => e.startsWith('rules: text model ')))
      expect(line).toContain('adapted by 3 corrections in this owner');
    expect(evidence).toContain(`rules said "${before.buildingCategory}"`);
  });

  it("leaves another owner's documents alone", () => {
    const mine = corrected(['PUHZ-SHW80', 'PUHZ-SHW112', 'PUHZ-SHW140']);
    const theirs = applyCorrection(
      createOwnerModel(),
      createCorrection({
        field: 'buildingCategory',
        value: '36',
        input: doc({ path: 'FDV/Ventilasjon/Topvex SR09 datablad.pdf' }),
      }),
    );
    expect(classifyDocument(heatPump('PUHZ-SHW230'), { ownerModel: theirs }).buildingCategory.slice(0, 2)).toBe('32');
    expect(classifyDocument(heatPump('PUHZ-SHW230'), { ownerModel: mine }).buildingCategory).toBe('37');
    expect(correctionCount(theirs, 'buildingCategory')).toBe(1);
  });

  it('does not touch dissimilar documents of the same owner', () => {
    const model = corrected(['PUHZ-SHW80', 'PUHZ-SHW112', 'PUHZ-SHW140']);
    const other = doc({
      path: 'Eiendom Nord/FDV/Sanitær/Oras Optima blandebatteri - monteringsanvisning.pdf',
      size: A4,
    });
    const c = classifyDocument(other, { ownerModel: model });
    expect(c.buildingCategory.slice(0, 2)).toBe('31');
    expect(c.evidence.buildingCategory?.evidence.join(' ')).not.toContain('learned from');
  });

  it('learns one correction at a time without changing the model it was given', () => {
    const empty = createOwnerModel();
    const correction = createCorrection({ field: 'buildingCategory', value: '37', input: heatPump('PUHZ-SHW80') });
    const one = applyCorrection(empty, correction);
    expect(correctionCount(empty, 'buildingCategory')).toBe(0);
    expect(correctionCount(one, 'buildingCategory')).toBe(1);
    // The same correction again counts, without a duplicate example.
    const two = applyCorrection(one, correction);
    expect(correctionCount(two, 'buildingCategory')).toBe(2);
    expect(two.fields.buildingCategory).toHaveLength(1);
    const c = classifyDocument(heatPump('PUHZ-SHW80'), { ownerModel: one });
    expect(c.buildingCategory).toBe('37');
    expect(c.evidence.buildingCategory?.evidence[0]).toBe('learned from 1 correction in this owner');
  });

  it('learns discipline and information types too', () => {
    const input = (n: number): ClassificationInput =>
      doc({ path: `Eiendom Nord/Service/Servicehefte aggregat ${n}.pdf`, size: A4, text: 'Servicehefte' });
    let model = createOwnerModel();
    for (const n of [1, 2]) {
      model = applyCorrection(
        model,
        createCorrection({ field: 'informationTypes', value: ['om_instructions', 'warranty'], input: input(n) }),
      );
      model = applyCorrection(model, createCorrection({ field: 'discipline', value: 'RIV', input: input(n) }));
    }
    const c = classifyDocument(input(3), { ownerModel: model });
    expect(c.informationType).toBe('om_instructions');
    expect(c.informationTypes).toEqual(['om_instructions', 'warranty']);
    expect(c.discipline).toBe('RIV');
    expect(c.evidence.discipline?.evidence[0]).toBe('learned from 2 corrections in this owner');
  });

  it('rejects corrections that are not valid values', () => {
    expect(() => createCorrection({ field: 'buildingCategory', value: '99', input: heatPump('X') })).toThrow();
    expect(() =>
      createCorrection({ field: 'informationTypes', value: ['not_a_type'], input: heatPump('X') }),
    ).toThrow();
  });

  it('keeps the model bounded', () => {
    let model = createOwnerModel();
    for (let i = 0; i < MAX_EXAMPLES_PER_FIELD + 20; i++)
      model = applyCorrection(model, { field: 'buildingCategory', value: '37', features: [`product${i}`, 'pumpe'] });
    expect(model.fields.buildingCategory).toHaveLength(MAX_EXAMPLES_PER_FIELD);
  });
});

describe('model JSON', () => {
  it('survives a JSON round trip and classifies the same afterwards', () => {
    const model = corrected(['PUHZ-SHW80', 'PUHZ-SHW112', 'PUHZ-SHW140']);
    const restored = parseOwnerModel(JSON.parse(serializeOwnerModel(model)) as unknown);
    expect(restored).toEqual(model);
    const features = correctionFeatures(heatPump('PUHZ-SHW230'));
    expect(suggestFromOwnerModel(restored, 'buildingCategory', features)).toEqual(
      suggestFromOwnerModel(model, 'buildingCategory', features),
    );
    expect(parseOwnerModel(serializeOwnerModel(model))).toEqual(model);
  });

  it('refuses what is not a model', () => {
    expect(() => parseOwnerModel({})).toThrow();
    expect(() => parseOwnerModel({ version: 1, fields: { buildingCategory: [{ value: 3, tokens: [] }] } })).toThrow();
  });

  it('keeps only tokens that describe a kind of document', () => {
    const features = correctionFeatures({
      filename: 'RIV_36_U1_Ventilasjon plan 2019-02-11.pdf',
      originalPath: 'Prosjekt/Tegninger/RIV/RIV_36_U1_Ventilasjon plan 2019-02-11.pdf',
    });
    expect(features).toContain('riv');
    expect(features).toContain('36');
    expect(features).toContain('ventilasjon');
    expect(features).not.toContain('2019');
    expect(features).not.toContain('pdf');
  });
});
