import type { Principal } from './principal.js';

/**
 * Whose budget a proven request spends (its rate limit, its slots of costly work): a partner key's, shared by the
 * session tokens made from it, and a person's, shared by their sessions, personal keys and assistants' tokens. Each
 * credential apart, a key could mint tokens (or a person keys) and multiply its limits. A subcontractor's portal tokens
 * share their subcontractor's. Ids, never a usable credential, so the value may be stored.
 */
export function credentialHolderOf(principal: Principal): string {
  switch (principal.kind) {
    case 'api_key':
    case 'session_token':
      return `key:${principal.apiKeyId}`;
    case 'user':
      return `person:${principal.userId}`;
    case 'subcontractor':
      return `subcontractor:${principal.subcontractorId}`;
  }
}
