/**
 * A person's connection to a file-storage provider (OAuth 2 authorization code with PKCE), and folder imports from
 * it into a construction project's building. The flow's `state` is random, stored hashed and bound to the signed-in
 * user who started it (another user's callback with it fails), expires after ten minutes and works once. The refresh
 * token is stored encrypted (AES-256-GCM, key from the environment) and rotated when the provider rotates it; access
 * tokens are never stored. Imports run as a job: each file goes into the building through the normal upload pipeline
 * (extraction, classification, search), in the folders it had at the provider. Before each file the job asks again
 * whether the project still receives the building and its person may still write to it: a handover, a lowered role,
 * a removal or a deactivation stops the import with its reason, and nothing more comes in.
 */
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { AccessService } from '../access/access.service.js';
import type { Principal } from '../access/principal.js';
import { jobDone, jobFailed, jobSkipped, type JobOutcome, type JobQueue } from '../jobs/jobs.js';
import type { Clock } from '../shared/clock.js';
import { AppError, invalid, notFound, unauthorized } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { hashSecret } from '../shared/secrets.js';
import { safeRedirect } from '../signin/redirects.js';
import type { UploadsService } from '../uploads/uploads.service.js';

export const STATE_TTL_MS = 10 * 60_000;
/** an import takes at most this many files; more is refused with the count */
export const MAX_IMPORT_FILES = 5000;
/**
 * and walks at most this many entries (files, folders and pages listed): a tree of empty folders, or a provider
 * paging without end, ends the import too, with the same advice
 */
export const MAX_IMPORT_ENTRIES = 4 * MAX_IMPORT_FILES;
/** why the handover ended the imports into its buildings (in its transaction) */
export const IMPORT_ENDED_BY_HANDOVER =
  'stopped: the project was handed over to the building owner, and its buildings take no more files from it';
/** why an import asked for with a personal key stopped once the key no longer worked */
export const IMPORT_ENDED_BY_KEY = 'stopped: the personal key that asked for the import was revoked or has expired';
/**
 * The job holds no credential of its person's: it acts as them by this one, whose reach is the narrowest (it writes,
 * it never hands out access). Whether they may write is decided as for the request, by the access service.
 */
const IMPORT_CREDENTIAL = { kind: 'oauth', clientId: 'storage_provider.import' } as const;

export interface ProviderItem {
  id: string;
  name: string;
  /** folders are listed, not imported; their files are */
  folder: boolean;
  size: number | null;
  mimeType: string | null;
}

/**
 * a listing the import will not follow (a next page elsewhere or sent before, more than it may take): the same answer
 * would come again, so the import ends at once instead of being retried
 */
export class ListingRefusedError extends Error {
  override name = 'ListingRefusedError';
}

/** a folder's listing went past the entries it was allowed */
export class ListingTooLargeError extends ListingRefusedError {
  constructor(most: number) {
    super(`the listing holds more than ${most} entries`);
  }
}

/** The provider, as the service needs it: OAuth 2 and a file API. */
export interface StorageProviderClient {
  authorizationUrl(params: { state: string; codeVerifier: string; redirectUri: string }): Promise<string>;
  /** the code of the callback URL for tokens; throws ProviderRefusedError when the provider says no */
  exchangeCode(params: {
    callbackUrl: string;
    state: string;
    codeVerifier: string;
    redirectUri: string;
  }): Promise<{ refreshToken: string | null; scope: string | null }>;
  /** a fresh access token, and the new refresh token when the provider rotates it */
  refresh(refreshToken: string): Promise<{ accessToken: string; refreshToken: string | null }>;
  /**
   * the items of a folder (`/` is the root), every page; throws ListingTooLargeError past `most` entries (items, and
   * every page as at least one)
   */
  list(accessToken: string, folderPath: string, most: number): Promise<ProviderItem[]>;
  download(
    accessToken: string,
    itemId: string,
  ): Promise<{ body: Readable; contentType: string | null; size: number | null }>;
}

export interface TokenCipher {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
}

export interface ImportRecord {
  id: string;
  userId: string;
  /** the personal key it was asked for with; null for the session cookie */
  userKeyId: string | null;
  buildingId: string;
  projectId: string;
  folderPath: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  files: number;
  imported: number;
  skipped: { path: string; reason: string }[];
  documentIds: string[];
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

export interface StorageProviderRepository {
  saveState(params: {
    stateHash: string;
    userId: string;
    codeVerifier: string;
    redirectTo: string;
    at: Date;
  }): Promise<void>;
  /** the state's row, deleted as it is read (a state works once); null when unknown or expired */
  takeState(stateHash: string, now: Date): Promise<{ userId: string; codeVerifier: string; redirectTo: string } | null>;
  saveConnection(params: {
    userId: string;
    refreshTokenEncrypted: string;
    scope: string | null;
    at: Date;
  }): Promise<void>;
  connection(
    userId: string,
  ): Promise<{ refreshTokenEncrypted: string; scope: string | null; connectedAt: Date } | null>;
  deleteConnection(userId: string): Promise<boolean>;
  /** the live project building and the workspace owner it is in */
  projectBuilding(buildingId: string): Promise<{ projectId: string; ownerId: string } | null>;
  /**
   * the workspace owner the building is in while the project still receives its files (project-documents.ts
   * `projectReceiving`: the project is ACTIVE, the building live, still the project's and still its contractor's);
   * null once that no longer holds (handed over, closed, the building archived or no longer the project's)
   */
  receivingBuilding(params: { buildingId: string; projectId: string }): Promise<{ ownerId: string } | null>;
  /** what the person's authorization rests on besides their roles: platform administrator, still active */
  importer(userId: string): Promise<{ platformAdmin: boolean; deactivated: boolean } | null>;
  createImport(
    record: Pick<ImportRecord, 'id' | 'userId' | 'userKeyId' | 'buildingId' | 'projectId' | 'folderPath' | 'createdAt'>,
  ): Promise<ImportRecord>;
  findImport(importId: string): Promise<ImportRecord | null>;
  /** the personal key is there, not revoked and not expired at `at` */
  personalKeyWorks(params: { keyId: string; at: Date }): Promise<boolean>;
  /**
   * status, error and finishedAt change only while the import is queued or running: the reason an import ended with
   * (a handover's, say) is not overwritten by the job that was still at it
   */
  updateImport(importId: string, fields: Partial<Omit<ImportRecord, 'id'>>): Promise<void>;
  userLabel(userId: string): Promise<string>;
}

/** the provider refused (denied consent, a bad code): shown to the person as such */
export class ProviderRefusedError extends Error {}

/** what the callback page says; the route renders it */
export function connectionFailed(reason: string, detail: string): AppError {
  return invalid(`storage_provider.${reason}`, detail);
}

function notConnected(): AppError {
  return new AppError({
    code: 'storage_provider.not_connected',
    kind: 'conflict',
    message: 'Connect the storage provider first (GET /integrations/storage-provider/oauth/start)',
  });
}

function notConfigured(): AppError {
  return new AppError({
    code: 'storage_provider.not_configured',
    kind: 'not_found',
    message: 'No file-storage provider is configured on this service',
  });
}

export function createStorageProviderService(deps: {
  /** null: no provider configured; every route says so */
  client: StorageProviderClient | null;
  cipher: TokenCipher | null;
  repository: StorageProviderRepository;
  access: AccessService;
  queue: Pick<JobQueue, 'enqueue'>;
  clock: Clock;
  publicUrl: string;
  allowedRedirectOrigins: string[];
  /** the uploads service's: a file in through the normal pipeline */
  ingest: UploadsService['ingest'];
}) {
  const { repository } = deps;
  const callbackUri = `${deps.publicUrl}/integrations/storage-provider/oauth/callback`;

  function configured() {
    if (!deps.client || !deps.cipher) throw notConfigured();
    return { client: deps.client, cipher: deps.cipher };
  }

  function userOf(principal: Principal): string {
    if (principal.kind !== 'user') {
      throw unauthorized('auth.user_required', 'Sign in: a storage provider is connected for a person');
    }
    return principal.userId;
  }

  async function accessToken(userId: string): Promise<string> {
    const { client, cipher } = configured();
    const connection = await repository.connection(userId);
    if (!connection) throw notConnected();
    const refreshed = await client.refresh(cipher.decrypt(connection.refreshTokenEncrypted));
    if (refreshed.refreshToken) {
      await repository.saveConnection({
        userId,
        refreshTokenEncrypted: cipher.encrypt(refreshed.refreshToken),
        scope: connection.scope,
        at: deps.clock.now(),
      });
    }
    return refreshed.accessToken;
  }

  /**
   * Where the import's next file goes, asked again before each one: the project must still receive the building, and
   * the person who asked must still be active and may still write to the project, by the same authorization as the
   * request (a role lowered to READ_ACCESS or NO_ACCESS, or no role at all any more, is refused). Otherwise why the
   * import stops.
   */
  async function nextFileTarget(record: ImportRecord): Promise<{ ownerId: string } | { stopped: string }> {
    const receiving = await repository.receivingBuilding({
      buildingId: record.buildingId,
      projectId: record.projectId,
    });
    if (!receiving) {
      return {
        stopped:
          'stopped: the project no longer takes files into this building (handed over, closed, or the building left it)',
      };
    }
    const person = await repository.importer(record.userId);
    if (!person || person.deactivated) return { stopped: 'stopped: the person who started the import is deactivated' };
    if (record.userKeyId && !(await repository.personalKeyWorks({ keyId: record.userKeyId, at: deps.clock.now() }))) {
      return { stopped: IMPORT_ENDED_BY_KEY };
    }
    try {
      await deps.access.authorizeProject({
        principal: { kind: 'user', userId: record.userId, platformAdmin: person.platformAdmin, via: IMPORT_CREDENTIAL },
        projectId: record.projectId,
        need: 'write',
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return {
        stopped: `stopped: the person who started the import may no longer write to the project (${error.message})`,
      };
    }
    return receiving;
  }

  /**
   * every file under the folder, with its path below it; folders walked breadth first, at most MAX_IMPORT_FILES files
   * and MAX_IMPORT_ENTRIES entries in all
   */
  async function filesUnder(token: string, client: StorageProviderClient, root: string) {
    const tooMany = new ListingRefusedError(
      `the folder holds more than ${MAX_IMPORT_FILES} files, or too many folders: import its subfolders one by one`,
    );
    const files: (ProviderItem & { path: string })[] = [];
    const folders = [''];
    let walked = 0;
    while (folders.length > 0) {
      const relative = folders.shift()!;
      const listed = await client
        .list(token, [root, relative].filter(Boolean).join('/') || '/', MAX_IMPORT_ENTRIES - walked)
        .catch((error: unknown) => {
          throw error instanceof ListingTooLargeError ? tooMany : error;
        });
      walked += Math.max(listed.length, 1);
      for (const item of listed) {
        const path = relative ? `${relative}/${item.name}` : item.name;
        if (item.folder) folders.push(path);
        else files.push({ ...item, path });
        if (files.length > MAX_IMPORT_FILES) throw tooMany;
      }
      if (walked >= MAX_IMPORT_ENTRIES && folders.length > 0) throw tooMany;
    }
    return files;
  }

  return {
    /** GET .../oauth/start: where the browser goes to give consent */
    async start(params: { principal: Principal; redirectUri?: string }): Promise<{ url: string }> {
      const { client } = configured();
      const userId = userOf(params.principal);
      const state = randomBytes(32).toString('base64url');
      const codeVerifier = randomBytes(48).toString('base64url');
      await repository.saveState({
        stateHash: hashSecret(state),
        userId,
        codeVerifier,
        redirectTo: safeRedirect({
          requested: params.redirectUri,
          publicUrl: deps.publicUrl,
          allowedOrigins: deps.allowedRedirectOrigins,
        }),
        at: deps.clock.now(),
      });
      return { url: await client.authorizationUrl({ state, codeVerifier, redirectUri: callbackUri }) };
    },

    /** GET .../oauth/callback: the provider's answer; the refresh token kept encrypted, back to the app */
    async callback(params: {
      principal: Principal;
      query: { code?: string; state?: string; error?: string; error_description?: string };
      callbackUrl: string;
    }): Promise<{ redirectTo: string }> {
      const { client, cipher } = configured();
      const userId = userOf(params.principal);
      const { query } = params;
      const pending = query.state ? await repository.takeState(hashSecret(query.state), deps.clock.now()) : null;
      if (!pending || pending.userId !== userId) {
        throw connectionFailed(
          'bad_state',
          'This answer from the storage provider does not belong to a connection you started here (or it expired). Start again.',
        );
      }
      if (query.error) {
        const detail = query.error_description ? `: ${query.error_description}` : '';
        throw connectionFailed(
          query.error === 'access_denied' ? 'denied' : 'refused',
          `The storage provider did not connect (${query.error}${detail}).`,
        );
      }
      if (!query.code) throw connectionFailed('refused', 'The storage provider sent no authorization code.');
      let tokens: { refreshToken: string | null; scope: string | null };
      try {
        tokens = await client.exchangeCode({
          callbackUrl: params.callbackUrl,
          state: query.state!,
          codeVerifier: pending.codeVerifier,
          redirectUri: callbackUri,
        });
      } catch (error) {
        if (error instanceof ProviderRefusedError) throw connectionFailed('refused', error.message);
        throw new AppError({
          code: 'storage_provider.unreachable',
          kind: 'bad_gateway',
          message: 'The storage provider did not answer; try again',
          cause: error,
        });
      }
      if (!tokens.refreshToken) {
        throw connectionFailed(
          'no_refresh_token',
          'The storage provider gave no refresh token (is offline access among the scopes?).',
        );
      }
      await repository.saveConnection({
        userId,
        refreshTokenEncrypted: cipher.encrypt(tokens.refreshToken),
        scope: tokens.scope,
        at: deps.clock.now(),
      });
      const target = new URL(pending.redirectTo);
      target.searchParams.set('storageProvider', 'connected');
      return { redirectTo: target.href };
    },

    async status(params: { principal: Principal }) {
      configured();
      const connection = await repository.connection(userOf(params.principal));
      return connection
        ? { connected: true, scope: connection.scope, connectedAt: connection.connectedAt }
        : { connected: false, scope: null, connectedAt: null };
    },

    async disconnect(params: { principal: Principal }): Promise<void> {
      configured();
      await repository.deleteConnection(userOf(params.principal));
    },

    /** POST .../import: WRITE_ACCESS to the project holding the building; the files come in by a job */
    async requestImport(params: {
      principal: Principal;
      buildingId: string;
      folderPath: string;
    }): Promise<ImportRecord> {
      configured();
      const userId = userOf(params.principal);
      const found = await repository.projectBuilding(params.buildingId);
      if (!found) throw notFound('building');
      const grant = await deps.access.authorizeProject({
        principal: params.principal,
        projectId: found.projectId,
        need: 'write',
        notFound: () => notFound('building'),
      });
      if (!(await repository.connection(userId))) throw notConnected();
      const record = await repository.createImport({
        id: newId.uuid(),
        userId,
        // what it was asked with ends it: revoking that key stops the import (api-keys.repository.ts, nextFileTarget)
        userKeyId:
          params.principal.kind === 'user' && params.principal.via.kind === 'personal_key'
            ? params.principal.via.keyId
            : null,
        buildingId: params.buildingId,
        projectId: grant.projectId,
        folderPath: params.folderPath.replace(/^\/+|\/+$/g, ''),
        createdAt: deps.clock.now(),
      });
      await deps.queue.enqueue('storage_provider.import', { importId: record.id });
      return record;
    },

    async getImport(params: { principal: Principal; importId: string }): Promise<ImportRecord> {
      const userId = userOf(params.principal);
      const record = await repository.findImport(params.importId);
      if (!record || record.userId !== userId) throw notFound('import');
      return record;
    },

    /** the job: lists the folder, then brings each file in; a file that fails is skipped with its reason */
    async runImport(importId: string, options: { lastAttempt: boolean }): Promise<JobOutcome> {
      const record = await repository.findImport(importId);
      if (!record) return jobSkipped('the import is gone');
      if (record.status === 'done') return jobSkipped('already imported');
      // ended for good (by a handover, say): a job still queued for it brings nothing in
      if (record.status === 'failed') return jobSkipped(`the import ended: ${record.error ?? 'failed'}`);
      const { client } = configured();
      const placement = await repository.projectBuilding(record.buildingId);
      if (!placement) {
        await repository.updateImport(importId, {
          status: 'failed',
          error: 'the building is gone',
          finishedAt: deps.clock.now(),
        });
        return jobFailed('the building is gone');
      }
      await repository.updateImport(importId, { status: 'running', error: null });
      try {
        const token = await accessToken(record.userId);
        const files = await filesUnder(token, client, record.folderPath);
        await repository.updateImport(importId, { files: files.length });
        // a retried job goes on where the last attempt stopped (the provider lists in the same order)
        const documentIds = [...record.documentIds];
        const skipped = [...record.skipped];
        const uploadedBy = await repository.userLabel(record.userId);
        let imported = record.imported;
        for (const file of files.slice(imported + skipped.length)) {
          const download = await client.download(token, file.id).catch((error: unknown) => error as Error);
          // asked once the provider has answered, so that as little as possible lies between the answer and the write
          const target = await nextFileTarget(record).catch((error: unknown) => ({ error: error as Error }));
          if (!('ownerId' in target)) {
            if (!(download instanceof Error)) download.body.destroy();
            if ('error' in target) throw target.error;
            await repository.updateImport(importId, {
              status: 'failed',
              error: target.stopped,
              finishedAt: deps.clock.now(),
            });
            return jobFailed(target.stopped);
          }
          try {
            if (download instanceof Error) throw download;
            const { documentId } = await deps.ingest({
              placement: { ownerId: target.ownerId, buildingId: record.buildingId },
              filename: file.path,
              body: download.body,
              contentType: download.contentType ?? file.mimeType,
              declaredLength: download.size ?? file.size,
              construction: {
                projectId: record.projectId,
                deliveryId: null,
                subcontractorId: null,
                informationType: null,
                uploadedBy,
              },
            });
            documentIds.push(documentId);
            imported += 1;
          } catch (error) {
            skipped.push({ path: file.path, reason: (error as Error).message });
          }
          await repository.updateImport(importId, { imported, skipped, documentIds });
        }
        await repository.updateImport(importId, { status: 'done', finishedAt: deps.clock.now() });
        return jobDone();
      } catch (error) {
        const message = (error as Error).message;
        if (!options.lastAttempt && !(error instanceof AppError) && !(error instanceof ListingRefusedError)) {
          await repository.updateImport(importId, { error: message });
          throw error;
        }
        await repository.updateImport(importId, { status: 'failed', error: message, finishedAt: deps.clock.now() });
        return jobFailed(message);
      }
    },
  };
}

export type StorageProviderService = ReturnType<typeof createStorageProviderService>;
