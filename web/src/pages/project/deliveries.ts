import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api.js';

/** one project of a customer, shared by the project's pages */
export function useProject(customerId: string, projectId: string) {
  return useQuery({
    queryKey: ['project', customerId, projectId],
    queryFn: () =>
      unwrap(
        api.GET('/construction/customers/{customerId}/projects/{projectId}', {
          params: { path: { customerId, projectId } },
        }),
      ),
  });
}

/** a customer's projects, shared by the projects page, a project's page and the audit log (which names them) */
export function useCustomerProjects(customerId: string) {
  return useQuery({
    queryKey: ['projects', customerId],
    queryFn: () =>
      unwrap(api.GET('/construction/customers/{customerId}/projects', { params: { path: { customerId } } })),
  });
}

/** a project's subcontractors */
export function useSubcontractors(customerId: string, projectId: string) {
  return useQuery({
    queryKey: ['subcontractors', projectId],
    queryFn: () =>
      unwrap(
        api.GET('/construction/customers/{customerId}/projects/{projectId}/subcontractors', {
          params: { path: { customerId, projectId } },
        }),
      ),
  });
}

export type Delivery = Awaited<ReturnType<typeof listDeliveries>>['deliveries'][number];

export const STATES = ['NO_DOCUMENTS', 'IN_PROGRESS', 'READY_TO_REVIEW', 'IN_REVIEW', 'DONE', 'CORRUPT'] as const;

export const listDeliveries = (projectId: string) =>
  unwrap(api.GET('/construction/deliveries/project/{projectId}', { params: { path: { projectId } } }));

/** what a project's deliveries come to: per state, what waits for review, what each subcontractor still owes */
export function summarise(deliveries: Delivery[]) {
  const byState = new Map<string, number>(STATES.map((state) => [state, 0]));
  const missing = new Map<string | null, string[]>();
  let toReview = 0;
  for (const delivery of deliveries) {
    byState.set(delivery.progress.state, (byState.get(delivery.progress.state) ?? 0) + 1);
    for (const type of delivery.progress.informationTypes) {
      if (type.state === 'READY_TO_REVIEW' || type.state === 'IN_REVIEW') toReview += 1;
      if (type.documents === 0 || type.approvalStatus === 'DECLINED') {
        const owed = missing.get(delivery.subContractorId) ?? [];
        owed.push(type.informationType);
        missing.set(delivery.subContractorId, owed);
      }
    }
  }
  return { byState, missing, toReview };
}
