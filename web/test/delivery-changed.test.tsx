import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, setupI18n } from '../src/i18n.js';
import { DeliveryCard } from '../src/pages/project/DeliveryCard.js';
import { listDeliveries, type Delivery } from '../src/pages/project/deliveries.js';

beforeAll(async () => {
  await setupI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LOADED_AT = '2026-11-02T08:00:00.000Z';

/** a delivery of two types, each with a delivered file, as a page loaded it (`fdv`: the first type's decision) */
function delivery(fdv: 'APPROVED' | 'DECLINED' | null, updatedAt: string): Delivery {
  const type = (informationType: string, approvalStatus: 'APPROVED' | 'DECLINED' | null) => ({
    informationType,
    approvalStatus,
    comment: approvalStatus === 'DECLINED' ? 'Mangler pumpe' : null,
    secondaryComment: null,
    verifiedBy: approvalStatus ? 'bjorn@entreprenor.test' : null,
    verifiedAt: approvalStatus ? updatedAt : null,
  });
  return {
    id: 'd1',
    customerId: 'c1',
    projectId: 'p1',
    subContractorId: null,
    buildingCategory: '320',
    fullCategory: '3201',
    serialNumber: null,
    description: 'Sanitæranlegg',
    discipline: null,
    comment: null,
    secondaryComment: null,
    contactPerson: null,
    informationTypes: [type('FDV-dokumentasjon', fdv), type('Produktdatablad', null)],
    informationTypesExpected: ['FDV-dokumentasjon', 'Produktdatablad'],
    progress: {
      expected: 2,
      delivered: 2,
      approved: fdv === 'APPROVED' ? 1 : 0,
      declined: fdv === 'DECLINED' ? 1 : 0,
      state: 'IN_REVIEW',
      informationTypes: [
        { informationType: 'FDV-dokumentasjon', documents: 1, approvalStatus: fdv, state: 'IN_REVIEW' },
        { informationType: 'Produktdatablad', documents: 1, approvalStatus: null, state: 'READY_TO_REVIEW' },
      ],
    },
    createdAt: '2026-11-01T08:00:00.000Z',
    updatedAt,
  };
}

/**
 * The service: someone else declined FDV after this page loaded the delivery, so a change made on the page as loaded
 * is refused (412 delivery.changed); the project's deliveries are read with that decline.
 */
function someoneElseDeclined() {
  const ifMatch: (string | null)[] = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    const url = new URL(request.url);
    const json = (status: number, body: unknown, type = 'application/json') =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });
    if (request.method === 'PUT' && url.pathname === '/construction/deliveries/d1') {
      ifMatch.push(request.headers.get('if-match'));
      return json(
        412,
        {
          type: 'urn:byggdok:problem:delivery.changed',
          title: 'Precondition Failed',
          status: 412,
          detail: 'The delivery was changed by someone else since you loaded it',
          code: 'delivery.changed',
        },
        'application/problem+json',
      );
    }
    if (url.pathname === '/construction/deliveries/project/p1') {
      return json(200, { deliveries: [delivery('DECLINED', '2026-11-02T08:05:00.000Z')] });
    }
    return json(200, { documents: [], decisions: [], total: 0 });
  });
  return ifMatch;
}

/** the project page's part: the card, and the deliveries read again when it says something changed */
function Page() {
  const [shown, setShown] = useState(delivery(null, LOADED_AT));
  return (
    <DeliveryCard
      delivery={shown}
      subcontractor="Rør & Varme AS"
      canReview
      changed={async () => {
        const { deliveries } = await listDeliveries('p1');
        setShown(deliveries[0]!);
      }}
    />
  );
}

describe('approving on a delivery someone else has changed since', () => {
  it.each([
    ['en', 'Approve FDV-dokumentasjon', 'Someone else changed this delivery after you opened it.', 'Declined'],
    ['nb', 'Godkjenn FDV-dokumentasjon', 'Noen andre endret denne leveransen etter at du åpnet den.', 'Avvist'],
  ] as const)('is refused, shows their change and says so (%s)', async (lng, approve, told, declined) => {
    await changeLanguage(lng);
    const ifMatch = someoneElseDeclined();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Page />
      </QueryClientProvider>,
    );
    expect(screen.queryByText(declined)).toBeNull();
    screen.getByRole('button', { name: approve }).click();

    expect((await screen.findByRole('alert')).textContent).toContain(told);
    // the decision was asked of the delivery as loaded
    expect(ifMatch).toEqual([`"${LOADED_AT}"`]);
    // the page now shows the other member's decline, with its comment
    expect(screen.getByText(declined)).toBeTruthy();
    expect(screen.getByText('“Mangler pumpe”')).toBeTruthy();
  });
});
