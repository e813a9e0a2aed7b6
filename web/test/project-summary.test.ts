import { describe, expect, it } from 'vitest';
import { summarise } from '../src/pages/project/deliveries.js';
import { daysUntil } from '../src/pages/ProjectsPage.js';

type Delivery = Parameters<typeof summarise>[0][number];

function delivery(
  subContractorId: string | null,
  state: Delivery['progress']['state'],
  types: [string, number, 'APPROVED' | 'DECLINED' | null, Delivery['progress']['state']][],
): Delivery {
  return {
    subContractorId,
    progress: {
      state,
      informationTypes: types.map(([informationType, documents, approvalStatus, typeState]) => ({
        informationType,
        documents,
        approvalStatus,
        state: typeState,
      })),
    },
  } as unknown as Delivery;
}

describe("a project's dashboard", () => {
  it('counts deliveries by state, the types waiting for review, and what each subcontractor still owes', () => {
    const summary = summarise([
      delivery('rør', 'IN_REVIEW', [
        ['FDV-dokumentasjon', 2, 'APPROVED', 'DONE'],
        ['Produktdatablad', 1, null, 'READY_TO_REVIEW'],
        ['Samsvarserklæring', 0, null, 'NO_DOCUMENTS'],
      ]),
      delivery('elektro', 'IN_PROGRESS', [['Kursfortegnelse', 1, 'DECLINED', 'IN_PROGRESS']]),
      delivery(null, 'NO_DOCUMENTS', [['Tegninger', 0, null, 'NO_DOCUMENTS']]),
    ]);
    expect(summary.byState.get('IN_REVIEW')).toBe(1);
    expect(summary.byState.get('IN_PROGRESS')).toBe(1);
    expect(summary.byState.get('NO_DOCUMENTS')).toBe(1);
    expect(summary.byState.get('DONE')).toBe(0);
    expect(summary.toReview).toBe(1);
    // nothing delivered yet, or declined: owed again
    expect(summary.missing.get('rør')).toEqual(['Samsvarserklæring']);
    expect(summary.missing.get('elektro')).toEqual(['Kursfortegnelse']);
    expect(summary.missing.get(null)).toEqual(['Tegninger']);
  });

  it('counts whole days to the planned handover, negative once it has passed', () => {
    const today = new Date(2026, 10, 26, 23, 30);
    expect(daysUntil('2026-11-26', today)).toBe(0);
    expect(daysUntil('2026-12-26', today)).toBe(30);
    expect(daysUntil('2027-03-29', today)).toBe(123);
    expect(daysUntil('2026-11-20', today)).toBe(-6);
  });
});
