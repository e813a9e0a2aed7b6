import type { AccessService } from '../access/access.service.js';
import type { Principal } from '../access/principal.js';
import type { AuditLog } from '../audit/audit.js';
import type { BlobStore } from '../documents/blob-store.js';
import type { Mailer } from '../mail/mailer.js';
import { projectNotFound } from '../projects/projects.errors.js';
import { invalid, invalidField } from '../shared/errors.js';

export type EmailAudience = { customerId: string } | { projectId: string } | { userIds: string[] };

export interface PlatformAdminRepository {
  /** addresses of the people who reach the customer or project, or of the users named; deactivated people left out */
  recipients(audience: EmailAudience): Promise<{ addresses: string[]; customerId: string | null } | null>;
  /** which of these user ids exist */
  existingUsers(userIds: string[]): Promise<Set<string>>;
  /**
   * Deletes the project with its buildings' documents, pages, chunks, reports and ask threads, in one transaction;
   * answers what was deleted and the stored files to remove afterwards (null: no such project).
   */
  deleteProject(projectId: string): Promise<{
    customerId: string;
    name: string;
    buildings: number;
    documents: number;
    blobKeys: string[];
  } | null>;
  userLabel(userId: string): Promise<string>;
}

/**
 * What only platform administrators do (`/construction/admin/...`): write to the people of a customer, a project or
 * a list of users, and delete a project for good, with its documents and stored files. Both stay in the audit log.
 */
export function createPlatformAdminService(deps: {
  repository: PlatformAdminRepository;
  access: AccessService;
  audit: AuditLog;
  mailer: Mailer;
  blobs: BlobStore;
}) {
  const { repository, access, audit, mailer, blobs } = deps;

  async function sendEmail(params: {
    principal: Principal;
    audience: Partial<{ customerId: string; projectId: string; userIds: string[] }>;
    subject: string;
    text: string;
    html: string | null;
    clientAddress: string | null;
  }): Promise<{ sent: number }> {
    const admin = access.authorizePlatformAdmin(params);
    const named = (['customerId', 'projectId', 'userIds'] as const).filter((key) => params.audience[key] !== undefined);
    if (named.length !== 1) {
      throw invalid('request.invalid', 'Name exactly one of customerId, projectId or userIds', [
        {
          path: named[1] ? `/${named[1]}` : '/customerId',
          message: 'name exactly one of customerId, projectId, userIds',
        },
      ]);
    }
    const { customerId, projectId, userIds } = params.audience;
    if (userIds) {
      const known = await repository.existingUsers(userIds);
      const unknown = userIds.findIndex((id) => !known.has(id));
      if (unknown >= 0) throw invalidField(`/userIds/${unknown}`, 'is not a user');
    }
    const audience: EmailAudience = customerId
      ? { customerId }
      : projectId
        ? { projectId }
        : { userIds: userIds ?? [] };
    const found = await repository.recipients(audience);
    if (!found) throw invalidField(customerId ? '/customerId' : '/projectId', 'names nothing that exists');
    // one message per person: nobody sees who else got it
    for (const address of found.addresses) {
      await mailer.send({
        to: [address],
        template: { kind: 'admin_message', subject: params.subject, text: params.text, html: params.html },
      });
    }
    await audit.record({
      customerId: found.customerId,
      actor: { kind: 'user', userId: admin.userId, label: await repository.userLabel(admin.userId) },
      action: 'admin.email_sent',
      target: customerId ? { type: 'customer', id: customerId } : projectId ? { type: 'project', id: projectId } : null,
      details: { subject: params.subject, recipients: found.addresses.length, ...(userIds ? { userIds } : {}) },
      clientAddress: params.clientAddress,
    });
    return { sent: found.addresses.length };
  }

  async function deleteProject(params: { principal: Principal; projectId: string; clientAddress: string | null }) {
    const admin = access.authorizePlatformAdmin(params);
    const deleted = await repository.deleteProject(params.projectId);
    if (!deleted) throw projectNotFound();
    // the files go after the rows: a file that cannot be removed now stays behind unreferenced, never half a project
    await Promise.allSettled(deleted.blobKeys.map((key) => blobs.delete(key)));
    await audit.record({
      customerId: deleted.customerId,
      actor: { kind: 'user', userId: admin.userId, label: await repository.userLabel(admin.userId) },
      action: 'project.deleted',
      target: { type: 'project', id: params.projectId },
      details: { name: deleted.name, buildings: deleted.buildings, documents: deleted.documents },
      clientAddress: params.clientAddress,
    });
    return { success: true as const };
  }

  return { sendEmail, deleteProject };
}

export type PlatformAdminService = ReturnType<typeof createPlatformAdminService>;
