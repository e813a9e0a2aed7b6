import { describe, expect, it } from 'vitest';
import { spread } from '../../../src/domain/documents/documents.service.js';

describe('the documents a bulk change teaches the classifier with', () => {
  it('are all of a small change, and an even spread, first and last included, of a large one', () => {
    expect(spread([1, 2, 3], 20)).toEqual([1, 2, 3]);
    const many = Array.from({ length: 5000 }, (_, index) => index);
    const chosen = spread(many, 20);
    expect(chosen).toHaveLength(20);
    expect(chosen[0]).toBe(0);
    expect(chosen.at(-1)).toBe(4999);
    expect(new Set(chosen).size).toBe(20);
  });
});
