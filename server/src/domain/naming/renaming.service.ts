import type { AccessService } from '../access/access.service.js';
import type { Principal } from '../access/principal.js';
import type { AuditLog } from '../audit/audit.js';
import type { Clock } from '../shared/clock.js';
import { notFound } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import {
  namingPattern,
  planNames,
  type NamingConvention,
  type NamingDocument,
  type NamingFlags,
  type NamingResult,
} from './naming-convention.js';

export interface HistoryActor {
  kind: 'user';
  userId: string;
  label: string;
}

export interface RenamingRepository {
  /** the project's number and convention */
  project(projectId: string): Promise<{ projectNumber: string | null; convention: NamingConvention } | null>;
  /** the project's live, uploaded documents with what a name is made of */
  documents(projectId: string): Promise<NamingDocument[]>;
  /**
   * Renames in one transaction, each only while its name is still `from` (a document renamed meanwhile is left
   * alone), with a history row per rename tagged with the change set. Returns the ids renamed.
   */
  rename(params: {
    renames: { id: string; from: string; to: string }[];
    actor: HistoryActor;
    at: Date;
    changeSetId: string;
  }): Promise<string[]>;
  /** the renames of a change set: document, name before, name after */
  changeSet(changeSetId: string): Promise<{ documentId: string; from: string; to: string }[]>;
  userLabel(userId: string): Promise<string>;
}

export function renameNotFound() {
  return notFound('rename', 'No such rename in this project');
}

/**
 * Bulk renaming of a project's documents by its naming convention: a preview changes nothing; the update applies
 * exactly the names the preview showed for the same flags and state (one plan, computed the same way); the update is
 * one change set, undone as one step while the names it gave are still in place.
 */
export function createRenamingService(deps: {
  repository: RenamingRepository;
  access: AccessService;
  audit: AuditLog;
  clock: Clock;
}) {
  const { repository, access, audit } = deps;

  async function plan(params: {
    principal: Principal;
    customerId: string;
    projectId: string;
    flags: NamingFlags;
    need: 'read' | 'write';
  }) {
    const grant = await access.authorizeProject({ ...params, need: params.need });
    const project = await repository.project(grant.projectId);
    if (!project) throw renameNotFound();
    const documents = await repository.documents(grant.projectId);
    const results = planNames({
      projectNumber: project.projectNumber,
      documents,
      flags: params.flags,
      convention: project.convention,
    });
    return { grant, pattern: namingPattern(project.convention, params.flags), results };
  }

  async function actorOf(userId: string): Promise<HistoryActor> {
    return { kind: 'user', userId, label: await repository.userLabel(userId) };
  }

  return {
    async preview(params: { principal: Principal; customerId: string; projectId: string; flags: NamingFlags }) {
      const { pattern, results } = await plan({ ...params, need: 'read' });
      return { pattern, documents: results };
    },
    async update(params: {
      principal: Principal;
      customerId: string;
      projectId: string;
      flags: NamingFlags;
      clientAddress: string | null;
    }): Promise<{ renamed: number; changeSetId: string | null; pattern: string; documents: NamingResult[] }> {
      const { grant, pattern, results } = await plan({ ...params, need: 'write' });
      const renames = results.flatMap((result) =>
        result.newFilename !== null && result.newFilename !== result.filename
          ? [{ id: result.id, from: result.filename, to: result.newFilename }]
          : [],
      );
      if (renames.length === 0) return { renamed: 0, changeSetId: null, pattern, documents: results };
      const changeSetId = newId.uuid();
      const actor = await actorOf(grant.userId);
      const renamed = new Set(await repository.rename({ renames, actor, at: deps.clock.now(), changeSetId }));
      await audit.record({
        customerId: grant.customerId,
        actor,
        action: 'documents.renamed',
        target: { type: 'project', id: grant.projectId },
        details: { changeSetId, renamed: renamed.size, flags: params.flags },
        clientAddress: params.clientAddress,
      });
      return {
        renamed: renamed.size,
        changeSetId,
        pattern,
        documents: results.map((result) =>
          result.newFilename !== null && result.newFilename !== result.filename && !renamed.has(result.id)
            ? { ...result, newFilename: null, reason: 'renamed by someone else meanwhile' }
            : result,
        ),
      };
    },
    /** gives back the names a rename replaced, where the names it gave are still in place */
    async undo(params: {
      principal: Principal;
      customerId: string;
      projectId: string;
      changeSetId: string;
      clientAddress: string | null;
    }): Promise<{ renamed: number; changeSetId: string | null; documents: NamingResult[] }> {
      const grant = await access.authorizeProject({ ...params, need: 'write' });
      const members = new Set((await repository.documents(grant.projectId)).map((d) => d.id));
      const changes = (await repository.changeSet(params.changeSetId)).filter((c) => members.has(c.documentId));
      if (changes.length === 0) throw renameNotFound();
      const changeSetId = newId.uuid();
      const actor = await actorOf(grant.userId);
      const undone = new Set(
        await repository.rename({
          renames: changes.map((change) => ({ id: change.documentId, from: change.to, to: change.from })),
          actor,
          at: deps.clock.now(),
          changeSetId,
        }),
      );
      await audit.record({
        customerId: grant.customerId,
        actor,
        action: 'documents.rename_undone',
        target: { type: 'project', id: grant.projectId },
        details: { undoneChangeSetId: params.changeSetId, changeSetId, renamed: undone.size },
        clientAddress: params.clientAddress,
      });
      return {
        renamed: undone.size,
        changeSetId,
        documents: changes.map((change) => ({
          id: change.documentId,
          filename: change.to,
          newFilename: undone.has(change.documentId) ? change.from : null,
          reason: undone.has(change.documentId) ? null : 'renamed again since; left as it is',
        })),
      };
    },
  };
}

export type RenamingService = ReturnType<typeof createRenamingService>;
