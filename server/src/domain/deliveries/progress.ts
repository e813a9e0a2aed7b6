import { forbidden, invalidField } from '../shared/errors.js';

export const PROGRESS_STATUSES = [
  'NO_DOCUMENTS',
  'IN_PROGRESS',
  'READY_TO_REVIEW',
  'IN_REVIEW',
  'DONE',
  'CORRUPT',
] as const;
export type ProgressStatus = (typeof PROGRESS_STATUSES)[number];

export const APPROVAL_STATUSES = ['APPROVED', 'DECLINED'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/**
 * Who changes a document's `progressStatus`, and to what.
 *
 * - The service sets `IN_PROGRESS` when an upload is registered, `READY_TO_REVIEW` when processing ends, and
 *   `CORRUPT` (with the reason) when the file cannot be read. Nobody else sets `CORRUPT`, and a corrupt document
 *   leaves it only by a new upload: the file itself is broken.
 * - A subcontractor moves its own documents between `IN_PROGRESS` and `READY_TO_REVIEW` (holding one back, or
 *   saying it is ready); a document under review or done is the contractor's.
 * - A project member with WRITE_ACCESS moves a document to any of `IN_PROGRESS`, `READY_TO_REVIEW`, `IN_REVIEW` and
 *   `DONE`. Approving an information type of a delivery makes its documents `DONE`; declining makes them
 *   `IN_PROGRESS` again.
 * - `NO_DOCUMENTS` describes a delivery or an information type without documents; a document never has it.
 */
export type ProgressActor = 'member' | 'subcontractor';

const SETTABLE: Record<ProgressActor, ReadonlySet<ProgressStatus>> = {
  member: new Set(['IN_PROGRESS', 'READY_TO_REVIEW', 'IN_REVIEW', 'DONE']),
  subcontractor: new Set(['IN_PROGRESS', 'READY_TO_REVIEW']),
};

/** the states a subcontractor may move a document out of */
const SUBCONTRACTOR_MAY_LEAVE: ReadonlySet<ProgressStatus> = new Set(['IN_PROGRESS', 'READY_TO_REVIEW']);

/** Throws the 400 or 403 that refuses a transition; returns quietly when it is allowed (or not a change). */
export function checkProgressTransition(params: {
  actor: ProgressActor;
  from: ProgressStatus | null;
  to: ProgressStatus;
  path?: string;
}): void {
  const { actor, from, to } = params;
  const path = params.path ?? '/progressStatus';
  if (from === to) return;
  if (to === 'NO_DOCUMENTS') throw invalidField(path, 'NO_DOCUMENTS describes a delivery, not a document');
  if (to === 'CORRUPT') throw invalidField(path, 'CORRUPT is set by processing, when a file cannot be read');
  if (from === 'CORRUPT') throw invalidField(path, 'the file is corrupt: upload it again instead');
  if (!SETTABLE[actor].has(to)) {
    throw forbidden('document.progress_not_allowed', `A subcontractor cannot set ${to}; the contractor reviews`);
  }
  if (actor === 'subcontractor' && from !== null && !SUBCONTRACTOR_MAY_LEAVE.has(from)) {
    throw forbidden('document.progress_not_allowed', `The document is ${from}; the contractor has it now`);
  }
}

/** what a delivery's documents say about one information type */
export interface TypeEvidence {
  /** live, uploaded documents of the delivery answering the type, corrupt ones left out */
  delivered: number;
  corrupt: number;
}

export interface DeliveryProgress {
  expected: number;
  delivered: number;
  approved: number;
  declined: number;
  state: ProgressStatus;
  /** one entry per expected information type */
  informationTypes: {
    informationType: string;
    documents: number;
    approvalStatus: ApprovalStatus | null;
    state: ProgressStatus;
  }[];
}

/**
 * A delivery's progress from its documents and approvals. Per expected information type: `NO_DOCUMENTS`, `CORRUPT`
 * (only corrupt files), `READY_TO_REVIEW` (delivered), `IN_PROGRESS` (declined: waiting for a new file), `DONE`
 * (approved). The delivery as a whole: `DONE` when every expected type is approved, `NO_DOCUMENTS` before anything
 * arrived, `IN_REVIEW` once some are approved or declined, `READY_TO_REVIEW` when every expected type has documents,
 * `IN_PROGRESS` otherwise.
 */
export function deliveryProgress(params: {
  expected: string[];
  approvals: ReadonlyMap<string, ApprovalStatus | null>;
  evidence: ReadonlyMap<string, TypeEvidence>;
}): DeliveryProgress {
  const types = [...new Set(params.expected)];
  const informationTypes = types.map((informationType) => {
    const evidence = params.evidence.get(informationType) ?? { delivered: 0, corrupt: 0 };
    const approvalStatus = params.approvals.get(informationType) ?? null;
    const state: ProgressStatus =
      approvalStatus === 'APPROVED'
        ? 'DONE'
        : approvalStatus === 'DECLINED'
          ? 'IN_PROGRESS'
          : evidence.delivered > 0
            ? 'READY_TO_REVIEW'
            : evidence.corrupt > 0
              ? 'CORRUPT'
              : 'NO_DOCUMENTS';
    return { informationType, documents: evidence.delivered, approvalStatus, state };
  });
  const count = (test: (item: (typeof informationTypes)[number]) => boolean) => informationTypes.filter(test).length;
  const delivered = count((item) => item.documents > 0);
  const approved = count((item) => item.approvalStatus === 'APPROVED');
  const declined = count((item) => item.approvalStatus === 'DECLINED');
  const anyDocuments = [...params.evidence.values()].some((e) => e.delivered + e.corrupt > 0);
  const expected = informationTypes.length;
  const state: ProgressStatus =
    expected > 0 && approved === expected
      ? 'DONE'
      : !anyDocuments && approved + declined === 0
        ? 'NO_DOCUMENTS'
        : approved + declined > 0
          ? 'IN_REVIEW'
          : expected > 0 && delivered === expected
            ? 'READY_TO_REVIEW'
            : 'IN_PROGRESS';
  return { expected, delivered, approved, declined, state, informationTypes };
}
