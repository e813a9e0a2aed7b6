import { describe, expect, it } from 'vitest';
import {
  buildingCategoryName,
  informationTypeEntries,
  isValidBuildingCategory,
  ns3451Entries,
} from '../../../src/domain/classification/reference-data.js';

describe('isValidBuildingCategory', () => {
  it('accepts table codes at every level and MSC', () => {
    for (const code of ['2', '20', '36', '365', '3651', '433', '4321', '73', 'MSC'])
      expect(isValidBuildingCategory(code)).toBe(true);
  });

  it('accepts codes missing from the 2009 upload when their 2-digit part exists', () => {
    expect(isValidBuildingCategory('712')).toBe(true);
    expect(isValidBuildingCategory('641')).toBe(true);
    expect(isValidBuildingCategory('3601')).toBe(true);
  });

  it('accepts the NS 3451:2022 additions 47, 48 and 68 with children', () => {
    for (const code of ['47', '48', '68', '471', '4811', '681']) expect(isValidBuildingCategory(code)).toBe(true);
  });

  it('rejects codes outside parts 2-7, unknown 2-digit parts and malformed values', () => {
    for (const code of ['1', '10', '11', '80', '58', '581', '36x', '', 'msc', '36011', ' 36', '-36'])
      expect(isValidBuildingCategory(code)).toBe(false);
  });
});

describe('buildingCategoryName', () => {
  it('names codes in Norwegian and English', () => {
    expect(buildingCategoryName('36', 'nb')).toBe('Luftbehandling');
    expect(buildingCategoryName('36', 'en')).toBe('Air treatment');
    expect(buildingCategoryName('433', 'nb')).toBe('Elkraftfordeling til alminnelig forbruk');
    expect(buildingCategoryName('MSC', 'en')).toBe('Miscellaneous');
  });

  it('names a valid code missing from the table by its nearest parent', () => {
    expect(buildingCategoryName('712', 'nb')).toBe('Bearbeidet terreng (712)');
    expect(buildingCategoryName('47', 'nb')).toContain('NS 3451:2022');
    expect(buildingCategoryName('58', 'nb')).toBeNull();
  });
});

describe('information types', () => {
  it('has the 28 FDV types by id plus the general types', () => {
    const ids = [...informationTypeEntries().keys()];
    expect(ids).toContain('declaration_of_performance');
    expect(ids).toContain('om_instructions');
    const general = ['drawing', 'description', 'calculation', 'report', 'certificate', 'contract', 'photo', 'model'];
    for (const id of [...general, 'offer', 'meeting_minutes']) expect(ids).toContain(id);
    expect(ids).toHaveLength(38);
  });
});

describe('NS 3451 names in English', () => {
  it('spells what the English app shows: none of the misspellings of the bSDD labels the table was copied from', () => {
    // each word below is in the copied table's English column (ns3451-2009.csv)
    const misspelled =
      /suppliance|votlage|panles|powerdistribution|uninteruptable|personell|terrainn|phasade|vacum|consumtion|equipmnet|equipmen\b|elctrical|electrivcal|televison|telphones|wirenettwork|braicing|cabnopies|activiteies|panick|pipelenes|extingushing|coarses|leved|sentral|firealarm|fireprotection|sportsfields|waterheaters|hightemperature|autowalks|amphis/i;
    const shown = [...ns3451Entries()].filter((entry) => misspelled.test(entry.nameEn));
    expect(shown.map((entry) => `${entry.code} ${entry.nameEn}`)).toEqual([]);
    expect(buildingCategoryName('43', 'en')).toBe('Low voltage supply');
    expect(buildingCategoryName('3', 'en')).toBe('HVAC installations');
    expect(buildingCategoryName('43', 'nb')).toBe('Lavspent forsyning');
  });
});
