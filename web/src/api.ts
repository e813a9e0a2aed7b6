import { createByggdokClient, type paths } from '@byggdok/sdk';

/** the typed client of the service on this origin: the session cookie goes with every request */
export const api = createByggdokClient({ baseUrl: window.location.origin });

export type DocumentsPage =
  paths['/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/documents']['get']['responses'][200]['content']['application/json'];
export type DocumentRow = DocumentsPage['documents'][number];

/**
 * an API failure: its status, its stable problem code (the app words it in the person's language, see problems.ts),
 * and the server's detail (English, shown only when the app has no words for the code)
 */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fields: string[] = [],
  ) {
    super(message);
  }
}

/** through sign-in and back to this page (the session is gone); what was being typed is kept by useDraft */
export function signInAgain(): void {
  window.location.assign(`/auth/login?redirectUri=${encodeURIComponent(window.location.href)}`);
}

/** the data of a call, or an ApiFailure with the problem's detail (204 No Content: nothing, and nothing wrong) */
export async function dataOf<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok && error === undefined) return data as T;
  const problem = error as { detail?: string; code?: string; errors?: { path?: string }[] } | undefined;
  const fields = (problem?.errors ?? []).map((e) => (e.path ?? '').replace(/^\//, '')).filter(Boolean);
  throw new ApiFailure(
    response.status,
    problem?.detail ?? `${response.status} ${response.statusText}`,
    problem?.code,
    fields,
  );
}

/** as dataOf, and a lost session sends the browser to sign-in and back here */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const pending = dataOf(call);
  try {
    return await pending;
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 401) signInAgain();
    throw error;
  }
}

/** a text field of a submitted form ('' when absent) */
export function formText(form: HTMLFormElement, name: string): string {
  const value = new FormData(form).get(name);
  return typeof value === 'string' ? value : '';
}
