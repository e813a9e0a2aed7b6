import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, setupI18n } from '../src/i18n.js';
import { PortalDocuments, type PortalClient, type PortalDocument } from '../src/pages/portal/PortalDocuments.js';

beforeAll(async () => {
  await setupI18n();
});
afterEach(cleanup);

const base = {
  projectId: 'p',
  buildingId: 'b',
  deliveryId: null,
  subcontractorId: 's',
  deliveryInformationType: null,
  filenameDescriptive: null,
  buildingCategory: null,
  discipline: null,
  drawingCode: null,
  drawingDate: null,
  floor: null,
  informationTypes: [],
  progressStatus: 'IN_PROGRESS',
  progressReason: null,
  roomLocations: [],
  serialNumber: null,
  tags: [],
  tfmCode: null,
  size: 10,
  mimeType: 'application/pdf',
  uploaded: true,
  processed: true,
  uploadedBy: null,
  updatedBy: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  history: [],
};
const old = { ...base, id: 'old', filename: 'FDV pumpe.pdf', supersededBy: 'new', isLatestRevision: false };
const newer = { ...base, id: 'new', filename: 'FDV pumpe rev B.pdf', supersededBy: null, isLatestRevision: true };
const documents = [old, newer] as unknown as PortalDocument[];

function show() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <PortalDocuments
        client={{} as PortalClient}
        path={{ projectId: 'p', subcontractorId: 's' }}
        who={null}
        documents={documents}
        allDocuments={documents}
        locked={false}
        changed={() => undefined}
        replace={() => undefined}
      />
    </QueryClientProvider>,
  );
}

describe('a replaced file in the portal', () => {
  it.each([
    ['en', 'Can no longer be changed or deleted: a newer version has replaced it.'],
    ['nb', 'Kan ikke endres eller slettes lenger: en nyere versjon har erstattet den.'],
  ] as const)('offers no edit or delete, and says why (%s); the newer version keeps them', async (lng, why) => {
    await changeLanguage(lng);
    show();
    expect(screen.getByText(why)).toBeTruthy();
    const named = (name: string) =>
      screen.queryAllByRole('button').filter((b) => b.getAttribute('aria-label')?.includes(name));
    expect(named('FDV pumpe.pdf')).toEqual([]);
    expect(named('FDV pumpe rev B.pdf').length).toBe(2);
  });
});
