import { projectArchived } from '../access/access.errors.js';
import type { AccessService } from '../access/access.service.js';
import type { ProjectGrant } from '../access/people-policies.js';
import type { Principal } from '../access/principal.js';
import type { AuditLog } from '../audit/audit.js';
import type { Clock } from '../shared/clock.js';
import { randomSecret } from '../shared/ids.js';
import { hashSecret } from '../shared/secrets.js';
import { subcontractorNotFound, subcontractorTokenNotFound } from './deliveries.errors.js';

/** portal tokens start with this, so a route can tell one from a partner's key at a glance */
export const SUBCONTRACTOR_TOKEN_PREFIX = 'sct_';
export const DEFAULT_TOKEN_DAYS = 30;

export interface SubcontractorFields {
  companyName: string;
  organisationNumber: string | null;
  contactName: string | null;
  email: string;
  phone: string | null;
  disciplines: string[];
}

export interface SubcontractorRecord extends SubcontractorFields {
  id: string;
  projectId: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface SubcontractorTokenRecord {
  id: string;
  subcontractorId: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  createdBy: string | null;
}

export interface SubcontractorsRepository {
  list(projectId: string): Promise<SubcontractorRecord[]>;
  /** a live (not removed) subcontractor of the project */
  find(params: { projectId: string; subcontractorId: string }): Promise<SubcontractorRecord | null>;
  create(params: { projectId: string; fields: SubcontractorFields }): Promise<SubcontractorRecord>;
  /**
   * a new e-mail address revokes the tokens issued so far (in the same transaction): the portal links went to the
   * old address, and whoever reads it is no longer the subcontractor's contact
   */
  update(params: {
    projectId: string;
    subcontractorId: string;
    fields: Partial<SubcontractorFields>;
    at: Date;
  }): Promise<{ subcontractor: SubcontractorRecord; revokedTokens: number } | null>;
  /** removal archives the subcontractor and revokes its tokens; its documents and deliveries stay */
  archive(params: { projectId: string; subcontractorId: string; at: Date }): Promise<boolean>;
  insertToken(params: {
    projectId: string;
    subcontractorId: string;
    tokenHash: string;
    createdBy: string | null;
    expiresAt: Date;
  }): Promise<SubcontractorTokenRecord | null>;
  listTokens(subcontractorId: string): Promise<SubcontractorTokenRecord[]>;
  revokeToken(params: { subcontractorId: string; tokenId: string; at: Date }): Promise<boolean>;
  userLabel(userId: string): Promise<string>;
}

/**
 * A project's subcontractors and the portal tokens issued to them. Managed by project members with WRITE_ACCESS; a
 * token is random (256 bits), stored hashed, shown once, expires (30 days unless asked otherwise) and is revoked at
 * once.
 */
export function createSubcontractorsService(deps: {
  repository: SubcontractorsRepository;
  access: AccessService;
  audit: AuditLog;
  clock: Clock;
}) {
  const { repository, access, audit, clock } = deps;

  async function record(params: {
    grant: ProjectGrant;
    action:
      | 'subcontractor.created'
      | 'subcontractor.updated'
      | 'subcontractor.removed'
      | 'subcontractor_token.created'
      | 'subcontractor_token.revoked';
    target: { type: string; id: string };
    details?: Record<string, unknown>;
    clientAddress: string | null;
  }) {
    await audit.record({
      customerId: params.grant.customerId,
      actor: { kind: 'user', userId: params.grant.userId, label: await repository.userLabel(params.grant.userId) },
      action: params.action,
      target: params.target,
      details: { projectId: params.grant.projectId, ...params.details },
      clientAddress: params.clientAddress,
    });
  }

  async function existing(grant: ProjectGrant, subcontractorId: string): Promise<SubcontractorRecord> {
    const found = await repository.find({ projectId: grant.projectId, subcontractorId });
    if (!found) throw subcontractorNotFound();
    return found;
  }

  /**
   * a fresh token for the subcontractor (the secret is returned once and never stored); null when the project is no
   * longer active or the subcontractor was removed meanwhile
   */
  async function issueToken(params: {
    projectId: string;
    subcontractorId: string;
    createdBy: string | null;
    expiresInDays?: number;
  }): Promise<{ id: string; token: string; expiresAt: Date } | null> {
    const token = `${SUBCONTRACTOR_TOKEN_PREFIX}${randomSecret(32)}`;
    const expiresAt = new Date(clock.now().getTime() + (params.expiresInDays ?? DEFAULT_TOKEN_DAYS) * 86_400_000);
    const stored = await repository.insertToken({
      projectId: params.projectId,
      subcontractorId: params.subcontractorId,
      tokenHash: hashSecret(token),
      createdBy: params.createdBy,
      expiresAt,
    });
    return stored && { id: stored.id, token, expiresAt: stored.expiresAt };
  }

  return {
    issueToken,
    async list(params: { principal: Principal; customerId: string; projectId: string }) {
      const grant = await access.authorizeProject({ ...params, need: 'read' });
      return repository.list(grant.projectId);
    },
    async create(params: {
      principal: Principal;
      customerId: string;
      projectId: string;
      fields: SubcontractorFields;
      clientAddress: string | null;
    }) {
      const grant = await access.authorizeProject({ ...params, need: 'write' });
      const created = await repository.create({ projectId: grant.projectId, fields: params.fields });
      await record({
        grant,
        action: 'subcontractor.created',
        target: { type: 'subcontractor', id: created.id },
        details: { companyName: created.companyName },
        clientAddress: params.clientAddress,
      });
      return created;
    },
    async update(params: {
      principal: Principal;
      customerId: string;
      projectId: string;
      subcontractorId: string;
      fields: Partial<SubcontractorFields>;
      clientAddress: string | null;
    }) {
      const grant = await access.authorizeProject({ ...params, need: 'write' });
      const updated = await repository.update({
        projectId: grant.projectId,
        subcontractorId: params.subcontractorId,
        fields: params.fields,
        at: clock.now(),
      });
      if (!updated) throw subcontractorNotFound();
      await record({
        grant,
        action: 'subcontractor.updated',
        target: { type: 'subcontractor', id: updated.subcontractor.id },
        details: {
          fields: Object.keys(params.fields),
          ...(updated.revokedTokens > 0 ? { revokedTokens: updated.revokedTokens } : {}),
        },
        clientAddress: params.clientAddress,
      });
      return updated.subcontractor;
    },
    async remove(params: {
      principal: Principal;
      customerId: string;
      projectId: string;
      subcontractorId: string;
      clientAddress: string | null;
    }) {
      const grant = await access.authorizeProject({ ...params, need: 'write' });
      const removed = await repository.archive({
        projectId: grant.projectId,
        subcontractorId: params.subcontractorId,
        at: clock.now(),
      });
      if (!removed) throw subcontractorNotFound();
      await record({
        grant,
        action: 'subcontractor.removed',
        target: { type: 'subcontractor', id: params.subcontractorId.toLowerCase() },
        clientAddress: params.clientAddress,
      });
    },
    async createToken(params: {
      principal: Principal;
      customerId: string;
      projectId: string;
      subcontractorId: string;
      expiresInDays?: number;
      clientAddress: string | null;
    }) {
      const grant = await access.authorizeProject({ ...params, need: 'issue_portal_token' });
      // the stored id (the path's may be in upper case): the token must name the subcontractor row it is for
      const subcontractor = await existing(grant, params.subcontractorId);
      const issued = await issueToken({
        projectId: grant.projectId,
        subcontractorId: subcontractor.id,
        createdBy: grant.userId,
        ...(params.expiresInDays !== undefined ? { expiresInDays: params.expiresInDays } : {}),
      });
      // removed, or the project archived (or handed over), while the link was being made: nothing was issued
      if (!issued)
        throw (await repository.find({ projectId: grant.projectId, subcontractorId: subcontractor.id }))
          ? projectArchived()
          : subcontractorNotFound();
      await record({
        grant,
        action: 'subcontractor_token.created',
        target: { type: 'subcontractor_token', id: issued.id },
        details: { subcontractorId: subcontractor.id, expiresAt: issued.expiresAt.toISOString() },
        clientAddress: params.clientAddress,
      });
      return issued;
    },
    async listTokens(params: { principal: Principal; customerId: string; projectId: string; subcontractorId: string }) {
      const grant = await access.authorizeProject({ ...params, need: 'write' });
      const subcontractor = await existing(grant, params.subcontractorId);
      return repository.listTokens(subcontractor.id);
    },
    async revokeToken(params: {
      principal: Principal;
      customerId: string;
      projectId: string;
      subcontractorId: string;
      tokenId: string;
      clientAddress: string | null;
    }) {
      const grant = await access.authorizeProject({ ...params, need: 'write' });
      const subcontractor = await existing(grant, params.subcontractorId);
      const revoked = await repository.revokeToken({
        subcontractorId: subcontractor.id,
        tokenId: params.tokenId,
        at: clock.now(),
      });
      if (!revoked) throw subcontractorTokenNotFound();
      await record({
        grant,
        action: 'subcontractor_token.revoked',
        target: { type: 'subcontractor_token', id: params.tokenId.toLowerCase() },
        details: { subcontractorId: subcontractor.id },
        clientAddress: params.clientAddress,
      });
    },
  };
}

export type SubcontractorsService = ReturnType<typeof createSubcontractorsService>;
