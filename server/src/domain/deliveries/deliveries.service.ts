import type { WebhookEventInput } from '../webhooks/webhook-events.js';
import type { AccessService } from '../access/access.service.js';
import type { ProjectGrant } from '../access/people-policies.js';
import type { Principal, SubcontractorPrincipal } from '../access/principal.js';
import type { AuditLog } from '../audit/audit.js';
import { mailTooMany, type Mailer, type MailLocale } from '../mail/mailer.js';
import { renderMail } from '../mail/templates.js';
import type { Clock } from '../shared/clock.js';
import { invalidField, isAppError } from '../shared/errors.js';
import { indexOfRepeat } from '../shared/lists.js';
import {
  deliveryChanged,
  deliveryNotFound,
  otherCustomer,
  subcontractorNotFound,
  unknownSubcontractor,
} from './deliveries.errors.js';
import { deliveryProgress, type ApprovalStatus, type DeliveryProgress, type TypeEvidence } from './progress.js';
import type { ProjectRecord, ProjectsRepository } from '../projects/projects.service.js';
import { projectArchived, projectNotFound } from '../projects/projects.errors.js';
import type { SubcontractorRecord, SubcontractorsRepository, SubcontractorsService } from './subcontractors.service.js';

export interface ContactPerson {
  name?: string;
  email?: string;
  phone?: string | null;
}

export interface InformationTypeItem {
  informationType: string;
  approvalStatus: ApprovalStatus | null;
  comment: string | null;
  secondaryComment: string | null;
  verifiedBy: string | null;
  verifiedAt: string | null;
}

export interface DeliveryFields {
  buildingCategory: string;
  fullCategory: string;
  serialNumber: string | null;
  description: string | null;
  discipline: string | null;
  subContractorId: string | null;
  comment: string | null;
  secondaryComment: string | null;
  contactPerson: ContactPerson | null;
  informationTypes: InformationTypeItem[];
  informationTypesExpected: string[];
}

export interface DeliveryRecord extends DeliveryFields {
  id: string;
  customerId: string;
  projectId: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface DeliveryView extends DeliveryRecord {
  progress: DeliveryProgress;
}

/** an item of a create or update body: approval fields may be sent, but who verified and when is the service's */
export type InformationTypeInput = Partial<Omit<InformationTypeItem, 'informationType'>> & { informationType: string };

export type DeliveryInput = Partial<Omit<DeliveryFields, 'informationTypes'>> & {
  informationTypes?: InformationTypeInput[];
};

export interface DeliveriesRepository {
  list(params: { projectId: string; subcontractorId?: string }): Promise<DeliveryRecord[]>;
  /** a live delivery */
  find(deliveryId: string): Promise<DeliveryRecord | null>;
  create(params: { customerId: string; projectId: string; fields: DeliveryFields }[]): Promise<DeliveryRecord[]>;
  /**
   * Changes a live delivery in one transaction: the row is locked, `change` works out what to write from it as it is
   * then (it may throw to refuse, nothing written), and its webhook events and document moves are written with it.
   * null when there is no such live delivery.
   */
  update(params: {
    deliveryId: string;
    actor: { userId: string; label: string };
    at: Date;
    change: (current: DeliveryRecord) => DeliveryChange;
  }): Promise<DeliveryRecord | null>;
  archive(params: { deliveryId: string; at: Date }): Promise<boolean>;
  /** per delivery, per information type: documents delivered (uploaded, not corrupt) and corrupt */
  evidence(deliveryIds: string[]): Promise<Map<string, Map<string, TypeEvidence>>>;
  projectOf(projectId: string): Promise<{ id: string; customerId: string; name: string; customerName: string } | null>;
  /** live subcontractors of active projects whose reminders are on */
  reminderTargets(): Promise<{ projectId: string; customerId: string; subcontractorId: string }[]>;
  /** records the state reminded about; false when it is already the recorded one (nothing to send) */
  claimReminderState(params: { subcontractorId: string; state: string | null }): Promise<boolean>;
  userLabel(userId: string): Promise<string>;
  /** the approvals and declines of the delivery's information types, newest first (from the audit log) */
  decisions(deliveryId: string): Promise<DeliveryDecision[]>;
}

/** what a change of a delivery writes, worked out from the delivery as locked for it */
export interface DeliveryChange {
  fields: Partial<DeliveryFields>;
  /** the webhook events of the change */
  events: readonly WebhookEventInput[];
  /** an approval moves the documents answering the type: APPROVED -> DONE, DECLINED -> IN_PROGRESS */
  documentProgress: { informationType: string; status: 'DONE' | 'IN_PROGRESS' }[];
}

/**
 * The version of a delivery a client read, sent back to change it only if nobody has since (the ETag and If-Match of
 * the HTTP routes): its `updatedAt`, which every change moves on by at least a millisecond.
 */
export function deliveryVersion(delivery: Pick<DeliveryRecord, 'updatedAt'>): string {
  return delivery.updatedAt.toISOString();
}

/** one approval or decline of an information type: who, when, and the comment given */
export interface DeliveryDecision {
  id: string;
  informationType: string;
  approvalStatus: 'APPROVED' | 'DECLINED' | null;
  comment: string | null;
  /** the person's name (their e-mail when they have none) */
  by: string;
  at: Date;
}

const DEFAULTS: DeliveryFields = {
  buildingCategory: '',
  fullCategory: '',
  serialNumber: null,
  description: null,
  discipline: null,
  subContractorId: null,
  comment: null,
  secondaryComment: null,
  contactPerson: null,
  informationTypes: [],
  informationTypesExpected: [],
};

/** an information type whose approval or decline a change took back to undecided */
interface ClearedDecision {
  informationType: string;
  previous: 'APPROVED' | 'DECLINED';
  comment: string | null;
}

/** how a delivery is named in mail and lists: its description, else its category and discipline */
export function deliveryLabel(delivery: DeliveryFields): string {
  return delivery.description?.trim() || [delivery.fullCategory, delivery.discipline].filter(Boolean).join(' ');
}

/**
 * What each subcontractor owes a project (deliveries) and how far it has come. Members with READ_ACCESS read them,
 * WRITE_ACCESS creates, changes, approves and declines. Who approved or declined an information type, and when, is
 * set here from the signed-in user: the body's `verifiedBy` and `verifiedAt` are not trusted. An approval or a
 * decline is mailed to the subcontractor (a decline with its comment).
 */
export function createDeliveriesService(deps: {
  repository: DeliveriesRepository;
  subcontractors: SubcontractorsRepository;
  access: AccessService;
  audit: AuditLog;
  mailer: Mailer;
  clock: Clock;
  /**
   * the app's address; the portal link is `<publicUrl>/portal/<projectId>/<subcontractorId>#token=<token>&lang=<l>`,
   * the portal opening in the language of the e-mail
   */
  publicUrl: string;
  tokens: Pick<SubcontractorsService, 'issueToken'>;
  projects: Pick<ProjectsRepository, 'findProject'>;
}) {
  const { repository, access, audit, clock } = deps;

  async function views(records: DeliveryRecord[]): Promise<DeliveryView[]> {
    const evidence = await repository.evidence(records.map((r) => r.id));
    return records.map((record) => ({
      ...record,
      progress: deliveryProgress({
        expected: record.informationTypesExpected,
        approvals: new Map(record.informationTypes.map((item) => [item.informationType, item.approvalStatus])),
        evidence: evidence.get(record.id) ?? new Map(),
      }),
    }));
  }

  async function actorOf(grant: ProjectGrant) {
    return { kind: 'user' as const, userId: grant.userId, label: await repository.userLabel(grant.userId) };
  }

  async function checkSubcontractor(projectId: string, subcontractorId: string | null | undefined) {
    if (subcontractorId === null || subcontractorId === undefined) return null;
    const found = await deps.subcontractors.find({ projectId, subcontractorId });
    if (!found) throw unknownSubcontractor('/subContractorId');
    return found;
  }

  /**
   * An information type is named once: two items of one type (one APPROVED, one DECLINED) would record both decisions,
   * raise both events and leave the documents in whichever state came last. 400 naming the second.
   */
  function checkDistinctTypes(items: InformationTypeInput[] | undefined) {
    const index = indexOfRepeat((items ?? []).map((item) => item.informationType));
    if (index >= 0) {
      throw invalidField(`/informationTypes/${index}/informationType`, 'names an information type already in the list');
    }
  }

  /**
   * The body's information types against the stored ones: an approval that changed gets the caller and the time;
   * an unchanged one keeps who and when it had.
   */
  function mergeApprovals(params: {
    previous: InformationTypeItem[];
    next: InformationTypeInput[];
    verifier: string;
    at: Date;
  }): { items: InformationTypeItem[]; changed: InformationTypeItem[]; cleared: ClearedDecision[] } {
    const before = new Map(params.previous.map((item) => [item.informationType, item]));
    const changed: InformationTypeItem[] = [];
    const cleared: ClearedDecision[] = [];
    const items = params.next.map((input) => {
      const old = before.get(input.informationType);
      const approvalStatus = input.approvalStatus ?? null;
      const moved = (old?.approvalStatus ?? null) !== approvalStatus;
      const item: InformationTypeItem = {
        informationType: input.informationType,
        approvalStatus,
        comment: input.comment === undefined ? (old?.comment ?? null) : input.comment,
        secondaryComment:
          input.secondaryComment === undefined ? (old?.secondaryComment ?? null) : input.secondaryComment,
        verifiedBy: moved ? (approvalStatus ? params.verifier : null) : (old?.verifiedBy ?? null),
        verifiedAt: moved ? (approvalStatus ? params.at.toISOString() : null) : (old?.verifiedAt ?? null),
      };
      if (moved && approvalStatus) changed.push(item);
      if (moved && !approvalStatus) {
        cleared.push({
          informationType: input.informationType,
          previous: old!.approvalStatus!,
          comment: input.comment ?? null,
        });
      }
      return item;
    });
    return { items, changed, cleared };
  }

  async function notifyReview(params: {
    delivery: DeliveryRecord;
    changed: InformationTypeItem[];
    subcontractor: SubcontractorRecord | null;
    projectName: string;
  }) {
    const { subcontractor } = params;
    if (!subcontractor || params.changed.length === 0) return;
    // the review stands; its mail (and the portal token it carries) is left out once the address, or the customer,
    // has had its share (RECIPIENT_LIMITS, CUSTOMER_LIMITS): changing decisions back and forth, on one subcontractor
    // or on many made up for it, must not make the service mail without end
    const { customerId } = params.delivery;
    if ((await deps.mailer.waitFor({ to: subcontractor.email, kind: 'delivery_review', customerId })).seconds > 0)
      return;
    const issued = await deps.tokens.issueToken({
      projectId: params.delivery.projectId,
      subcontractorId: subcontractor.id,
      createdBy: null,
    });
    // the project archived meanwhile: its links are revoked and no new one goes out (the decision stands)
    if (!issued) return;
    // a review sent at the same time may take the last of the share: this one's mail is left out, the review stands
    await deps.mailer
      .send({
        to: [subcontractor.email],
        limited: true,
        customerId,
        template: {
          kind: 'delivery_review',
          locale: 'no',
          projectName: params.projectName,
          deliveryLabel: deliveryLabel(params.delivery),
          approved: params.changed.filter((i) => i.approvalStatus === 'APPROVED').map((i) => i.informationType),
          declined: params.changed
            .filter((i) => i.approvalStatus === 'DECLINED')
            .map((i) => ({ informationType: i.informationType, comment: i.comment })),
          portalUrl: portalUrl(params.delivery.projectId, subcontractor.id, issued.token, 'no'),
        },
      })
      .catch((error: unknown) => {
        if (!(isAppError(error) && error.code === 'mail.too_many')) throw error;
      });
  }

  function portalUrl(projectId: string, subcontractorId: string, token: string, locale: MailLocale): string {
    const fragment = new URLSearchParams({ token, lang: locale });
    return `${deps.publicUrl}/portal/${projectId}/${subcontractorId}#${fragment.toString()}`;
  }

  async function authorizedDelivery(params: { principal: Principal; deliveryId: string; need: 'read' | 'write' }) {
    const delivery = await repository.find(params.deliveryId);
    if (!delivery) throw deliveryNotFound();
    const grant = await access.authorizeProject({
      principal: params.principal,
      projectId: delivery.projectId,
      need: params.need,
      notFound: deliveryNotFound,
    });
    return { delivery, grant };
  }

  /** what a subcontractor still owes: per delivery, the expected types not delivered or declined */
  async function missingFor(projectId: string, subcontractorId: string) {
    const list = await views(await repository.list({ projectId, subcontractorId }));
    return list.flatMap((delivery) => {
      const items = delivery.progress.informationTypes
        .filter((item) => item.approvalStatus === 'DECLINED' || item.documents === 0)
        .map((item) => ({
          informationType: item.informationType,
          declinedComment:
            item.approvalStatus === 'DECLINED'
              ? (delivery.informationTypes.find((i) => i.informationType === item.informationType)?.comment ?? null)
              : null,
        }));
      return items.length > 0 ? [{ delivery: deliveryLabel(delivery), items }] : [];
    });
  }

  /** the request mail: what the subcontractor still owes and the portal link (the token, or a placeholder) */
  async function requestTemplate(params: {
    projectId: string;
    subcontractor: SubcontractorRecord;
    token: string;
    message: string | null;
    locale: MailLocale;
    missing?: Awaited<ReturnType<typeof missingFor>>;
  }) {
    const project = await repository.projectOf(params.projectId);
    return {
      kind: 'subcontractor_request' as const,
      locale: params.locale,
      projectName: project?.name ?? '',
      customerName: project?.customerName ?? '',
      companyName: params.subcontractor.companyName,
      message: params.message,
      missing: params.missing ?? (await missingFor(params.projectId, params.subcontractor.id)),
      portalUrl: portalUrl(params.projectId, params.subcontractor.id, params.token, params.locale),
    };
  }

  async function subcontractorMail(params: {
    principal: Principal;
    projectId: string;
    subcontractorId: string;
    message?: string;
    locale?: MailLocale;
    /** false: a preview, with a placeholder where the token goes */
    issueToken: boolean;
  }) {
    // sending issues a portal token (access to the project's portal): an assistant's token may preview, not send
    const grant = await access.authorizeProject({
      ...params,
      need: params.issueToken ? 'issue_portal_token' : 'write',
    });
    const subcontractor = await deps.subcontractors.find({
      projectId: grant.projectId,
      subcontractorId: params.subcontractorId,
    });
    if (!subcontractor) throw subcontractorNotFound();
    if (params.issueToken) {
      // refused before a token is issued when the address, or the customer, has had its share of these mails
      // (RECIPIENT_LIMITS, CUSTOMER_LIMITS)
      const wait = await deps.mailer.waitFor({
        to: subcontractor.email,
        kind: 'subcontractor_request',
        customerId: grant.customerId,
      });
      if (wait.seconds > 0) throw mailTooMany(wait);
    }
    let token = '<token>';
    if (params.issueToken) {
      const issued = await deps.tokens.issueToken({
        projectId: grant.projectId,
        subcontractorId: subcontractor.id,
        createdBy: grant.userId,
      });
      // archived or removed while the mail was being made: no link to send
      if (!issued) throw projectArchived();
      token = issued.token;
    }
    const template = await requestTemplate({
      projectId: grant.projectId,
      subcontractor,
      token,
      message: params.message ?? null,
      locale: params.locale ?? 'no',
    });
    return { grant, subcontractor, template };
  }

  return {
    views,
    /** the history of decisions on a delivery (READ_ACCESS to its project; 404 for one the caller cannot see) */
    async decisions(params: { principal: Principal; deliveryId: string }): Promise<DeliveryDecision[]> {
      const { delivery } = await authorizedDelivery({ ...params, need: 'read' });
      return repository.decisions(delivery.id);
    },
    /** one delivery with its progress (READ_ACCESS to its project; 404 for one the caller cannot see) */
    async get(params: { principal: Principal; deliveryId: string }): Promise<DeliveryView> {
      const { delivery } = await authorizedDelivery({ ...params, need: 'read' });
      const [view] = await views([delivery]);
      return view!;
    },
    async list(params: { principal: Principal; projectId: string }): Promise<DeliveryView[]> {
      const grant = await access.authorizeProject({ ...params, need: 'read' });
      return views(await repository.list({ projectId: grant.projectId }));
    },
    async create(params: {
      principal: Principal;
      customerId: string;
      projectId: string;
      input: DeliveryInput;
      clientAddress: string | null;
    }): Promise<DeliveryView> {
      const grant = await access.authorizeProject({ ...params, need: 'write' });
      checkDistinctTypes(params.input.informationTypes);
      const verifier = await repository.userLabel(grant.userId);
      const { items } = mergeApprovals({
        previous: [],
        next: params.input.informationTypes ?? [],
        verifier,
        at: clock.now(),
      });
      const [created] = await repository.create([
        {
          customerId: grant.customerId,
          projectId: grant.projectId,
          fields: { ...DEFAULTS, ...params.input, informationTypes: items },
        },
      ]);
      if (!created) throw deliveryNotFound();
      await audit.record({
        customerId: grant.customerId,
        actor: await actorOf(grant),
        action: 'delivery.created',
        target: { type: 'delivery', id: created.id },
        details: { projectId: grant.projectId },
        clientAddress: params.clientAddress,
      });
      const [view] = await views([created]);
      return view!;
    },
    /**
     * `ifVersions`: change it only if it is still at one of these versions (`deliveryVersion`), else 412
     * `delivery.changed` and nothing written; without it, the change is made to the delivery as it is. Either way the
     * approvals are merged with the delivery as it is when the change is written (the row locked), so the events,
     * the audit and the documents moved are what this change did.
     */
    async update(params: {
      principal: Principal;
      deliveryId: string;
      input: DeliveryInput;
      ifVersions?: readonly string[];
      clientAddress: string | null;
    }): Promise<DeliveryView> {
      const { delivery, grant } = await authorizedDelivery({ ...params, need: 'write' });
      checkDistinctTypes(params.input.informationTypes);
      if (params.input.subContractorId !== undefined) {
        // a subcontractor removed since keeps its deliveries; only a newly named one must exist
        await checkSubcontractor(grant.projectId, params.input.subContractorId);
      }
      const at = clock.now();
      const actor = await actorOf(grant);
      const { informationTypes, ...rest } = params.input;
      let changed: InformationTypeItem[] = [];
      let cleared: ClearedDecision[] = [];
      const updated = await repository.update({
        deliveryId: delivery.id,
        actor: { userId: grant.userId, label: actor.label },
        at,
        change: (current) => {
          if (params.ifVersions && !params.ifVersions.includes(deliveryVersion(current))) throw deliveryChanged();
          const merged = informationTypes
            ? mergeApprovals({ previous: current.informationTypes, next: informationTypes, verifier: actor.label, at })
            : { items: undefined, changed: [], cleared: [] };
          changed = merged.changed;
          cleared = merged.cleared;
          const data = { project_id: grant.projectId, delivery_id: delivery.id };
          return {
            fields: { ...rest, ...(merged.items ? { informationTypes: merged.items } : {}) },
            events: [
              { type: 'delivery.updated', subject: { projectId: grant.projectId }, data },
              ...merged.changed.map((item): WebhookEventInput => ({
                type: item.approvalStatus === 'APPROVED' ? 'delivery.approved' : 'delivery.declined',
                subject: { projectId: grant.projectId },
                data: { ...data, information_type: item.informationType, comment: item.comment },
              })),
            ],
            documentProgress: merged.changed.map((item) => ({
              informationType: item.informationType,
              status: item.approvalStatus === 'APPROVED' ? ('DONE' as const) : ('IN_PROGRESS' as const),
            })),
          };
        },
      });
      if (!updated) throw deliveryNotFound();
      await audit.record({
        customerId: grant.customerId,
        actor,
        action: 'delivery.updated',
        target: { type: 'delivery', id: delivery.id },
        details: { projectId: grant.projectId, fields: Object.keys(params.input) },
        clientAddress: params.clientAddress,
      });
      // a decision taken back to undecided is a decision too: the delivery's history says who undid which, and when
      const decisions = [
        ...changed.map((item) => ({
          informationType: item.informationType,
          approvalStatus: item.approvalStatus,
          comment: item.comment,
        })),
        ...cleared.map((item) => ({
          informationType: item.informationType,
          approvalStatus: null,
          previousStatus: item.previous,
          comment: item.comment,
        })),
      ];
      for (const details of decisions) {
        await audit.record({
          customerId: grant.customerId,
          actor,
          action: 'delivery.approval_changed',
          target: { type: 'delivery', id: delivery.id },
          details,
          clientAddress: params.clientAddress,
        });
      }
      if (changed.length > 0) {
        // the subcontractor of the delivery as written (another member may have changed it meanwhile)
        const subcontractor = updated.subContractorId
          ? await deps.subcontractors.find({ projectId: grant.projectId, subcontractorId: updated.subContractorId })
          : null;
        const project = await repository.projectOf(grant.projectId);
        await notifyReview({ delivery: updated, changed, subcontractor, projectName: project?.name ?? '' });
      }
      const [view] = await views([updated]);
      return view!;
    },
    async remove(params: {
      principal: Principal;
      deliveryId: string;
      projectId: string;
      clientAddress: string | null;
    }): Promise<void> {
      const { delivery, grant } = await authorizedDelivery({ ...params, need: 'write' });
      if (delivery.projectId !== params.projectId) throw deliveryNotFound();
      await repository.archive({ deliveryId: delivery.id, at: clock.now() });
      await audit.record({
        customerId: grant.customerId,
        actor: await actorOf(grant),
        action: 'delivery.deleted',
        target: { type: 'delivery', id: delivery.id },
        details: { projectId: grant.projectId },
        clientAddress: params.clientAddress,
      });
    },
    /** expectations, categories and contact into another project of the same customer; no documents or approvals */
    async copy(params: {
      principal: Principal;
      fromProjectId: string;
      toProjectId: string;
      deliveryIds: string[];
      clientAddress: string | null;
    }): Promise<DeliveryView[]> {
      const from = await access.authorizeProject({
        principal: params.principal,
        projectId: params.fromProjectId,
        need: 'read',
      });
      const to = await access.authorizeProject({
        principal: params.principal,
        projectId: params.toProjectId,
        need: 'write',
      });
      if (from.customerId !== to.customerId) throw otherCustomer();
      // each delivery once: a repeated id would copy it again
      const repeated = indexOfRepeat(params.deliveryIds);
      if (repeated >= 0) throw invalidField(`/deliveryIds/${repeated}`, 'names a delivery already in the list');
      const source = new Map((await repository.list({ projectId: from.projectId })).map((d) => [d.id, d]));
      const picked = params.deliveryIds.map((id, index) => {
        const found = source.get(id);
        if (!found) throw invalidField(`/deliveryIds/${index}`, 'is not a delivery of the source project');
        return found;
      });
      const created = await repository.create(
        picked.map((d) => ({
          customerId: to.customerId,
          projectId: to.projectId,
          fields: {
            ...DEFAULTS,
            buildingCategory: d.buildingCategory,
            fullCategory: d.fullCategory,
            serialNumber: d.serialNumber,
            description: d.description,
            discipline: d.discipline,
            contactPerson: d.contactPerson,
            informationTypesExpected: d.informationTypesExpected,
          },
        })),
      );
      await audit.record({
        customerId: to.customerId,
        actor: await actorOf(to),
        action: 'delivery.copied',
        target: { type: 'project', id: to.projectId },
        details: { fromProjectId: from.projectId, deliveries: created.length },
        clientAddress: params.clientAddress,
      });
      return views(created);
    },
    async previewSubcontractorEmail(params: {
      principal: Principal;
      projectId: string;
      subcontractorId: string;
      message?: string;
      locale?: MailLocale;
    }) {
      return renderMail((await subcontractorMail({ ...params, issueToken: false })).template);
    },
    async sendSubcontractorEmail(params: {
      principal: Principal;
      projectId: string;
      subcontractorId: string;
      message?: string;
      locale?: MailLocale;
      clientAddress: string | null;
    }): Promise<void> {
      const { grant, subcontractor, template } = await subcontractorMail({ ...params, issueToken: true });
      await deps.mailer.send({ to: [subcontractor.email], template, limited: true, customerId: grant.customerId });
      await audit.record({
        customerId: grant.customerId,
        actor: await actorOf(grant),
        action: 'delivery.email_sent',
        target: { type: 'subcontractor', id: subcontractor.id },
        details: { projectId: grant.projectId, missing: template.missing.length },
        clientAddress: params.clientAddress,
      });
    },
    /**
     * The daily reminder: each subcontractor of an active project with reminders on, that still owes something
     * (missing or declined), is mailed once per state of what it owes: the same gaps are never reminded twice, and
     * a new gap (or a new decline) is. Claiming the state first makes two workers running the job at once send one
     * mail. Returns how many were sent.
     */
    async sendReminders(): Promise<number> {
      let sent = 0;
      for (const target of await repository.reminderTargets()) {
        const subcontractor = await deps.subcontractors.find(target);
        if (!subcontractor) continue;
        const missing = await missingFor(target.projectId, subcontractor.id);
        const state = missing.length > 0 ? JSON.stringify(missing) : null;
        if (!(await repository.claimReminderState({ subcontractorId: subcontractor.id, state }))) continue;
        if (state === null) continue;
        const issued = await deps.tokens.issueToken({ ...target, createdBy: null });
        // archived (or removed) since the targets were read: nothing to remind of
        if (!issued) continue;
        await deps.mailer.send({
          to: [subcontractor.email],
          template: await requestTemplate({
            projectId: target.projectId,
            subcontractor,
            token: issued.token,
            message: null,
            locale: 'no',
            missing,
          }),
        });
        await audit.record({
          customerId: target.customerId,
          actor: { kind: 'system' },
          action: 'delivery.reminder_sent',
          target: { type: 'subcontractor', id: subcontractor.id },
          details: { projectId: target.projectId, missing: missing.reduce((n, group) => n + group.items.length, 0) },
          clientAddress: null,
        });
        sent += 1;
      }
      return sent;
    },
    /** the portal: the project the token is for, with the customer's name and the buildings to upload into */
    async portalProject(principal: SubcontractorPrincipal): Promise<ProjectRecord & { customerName: string }> {
      const project = await deps.projects.findProject(principal.projectId);
      const owner = await repository.projectOf(principal.projectId);
      if (!project || !owner) throw projectNotFound();
      return { ...project, customerName: owner.customerName };
    },
    /** the portal: the subcontractor's own record */
    async portalSubcontractor(principal: SubcontractorPrincipal): Promise<SubcontractorRecord> {
      const found = await deps.subcontractors.find({
        projectId: principal.projectId,
        subcontractorId: principal.subcontractorId,
      });
      if (!found) throw subcontractorNotFound();
      return found;
    },
    /** the portal: the subcontractor's own deliveries in its project */
    async listForSubcontractor(principal: SubcontractorPrincipal): Promise<DeliveryView[]> {
      return views(
        await repository.list({ projectId: principal.projectId, subcontractorId: principal.subcontractorId }),
      );
    },
  };
}

export type DeliveriesService = ReturnType<typeof createDeliveriesService>;
