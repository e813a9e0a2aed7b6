import { Type } from '@sinclair/typebox';
import {
  deliveryVersion,
  type DeliveriesService,
  type DeliveryView,
} from '../../../../domain/deliveries/deliveries.service.js';
import type { MailLocale } from '../../../../domain/mail/mailer.js';
import type { App } from '../../../app-types.js';
import { entityTag, ifMatchVersions } from '../../../etags.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { presentDelivery } from '../../../presenters/deliveries.presenter.js';
import { SuccessSchema, withProblems } from '../../../schemas/common.js';
import {
  CopyDeliveriesBody,
  DeliveryCreateBody,
  DeliveryDeleteBody,
  DeliveryIdParams,
  DeliveryListSchema,
  DeliverySchema,
  DeliveryUpdateBody,
  MailPreviewSchema,
  SubcontractorEmailBody,
} from '../../../schemas/deliveries.js';
import { PERSON_SECURITY, Uuid } from '../../../schemas/people.js';
import { Timestamp } from '../../../schemas/common.js';

const DecisionListSchema = Type.Object({
  decisions: Type.Array(
    Type.Object({
      id: Type.String(),
      informationType: Type.String(),
      approvalStatus: Type.Union([Type.Literal('APPROVED'), Type.Literal('DECLINED'), Type.Null()]),
      comment: Type.Union([Type.String(), Type.Null()]),
      by: Type.String({ description: "the person's name, their e-mail when they have none" }),
      at: Timestamp,
    }),
  ),
});

/** a change sent with If-Match is made only to the delivery as the caller read it */
const IfMatchHeaders = Type.Object({
  'if-match': Type.Optional(
    Type.String({
      maxLength: 1000,
      description:
        'the ETag of the delivery as read (GET or PUT), or its updatedAt in quotes: the change is made only if ' +
        'nobody has changed the delivery since, else 412 delivery.changed',
    }),
  ),
});

/** the delivery's version as a strong ETag: what a client sends back in If-Match */
function etagOf(delivery: DeliveryView): string {
  return entityTag(deliveryVersion(delivery));
}

/**
 * Deliveries: what each subcontractor owes a project. READ_ACCESS lists them with their progress; WRITE_ACCESS
 * creates, changes (approving or declining information types), deletes (archives), copies them into another project
 * and e-mails the subcontractor its portal link.
 */
export function registerDeliveryRoutes(app: App, deps: { deliveries: DeliveriesService }): void {
  const schema = { tags: ['construction'], security: PERSON_SECURITY };

  app.get(
    '/construction/deliveries/project/:projectId',
    {
      schema: {
        ...schema,
        summary: 'Deliveries of a project, with their progress',
        params: Type.Object({ projectId: Uuid('project id') }),
        response: withProblems({ 200: DeliveryListSchema }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const deliveries = await deps.deliveries.list({ principal: principalOf(request), ...request.params });
      return { deliveries: deliveries.map(presentDelivery) };
    },
  );

  app.get(
    '/construction/deliveries/:id',
    {
      schema: {
        ...schema,
        summary: 'One delivery, with its progress',
        description: 'Answered with an ETag: send it back in If-Match to change the delivery only as you read it.',
        params: DeliveryIdParams,
        response: withProblems({ 200: DeliverySchema }, [400, 401, 403, 404]),
      },
    },
    async (request, reply) => {
      const delivery = await deps.deliveries.get({
        principal: principalOf(request),
        deliveryId: request.params.id.toLowerCase(),
      });
      return reply.header('etag', etagOf(delivery)).send(presentDelivery(delivery));
    },
  );

  app.get(
    '/construction/deliveries/:id/decisions',
    {
      schema: {
        ...schema,
        summary: 'The history of decisions on a delivery: who approved or declined which information type, when, why',
        params: DeliveryIdParams,
        response: withProblems({ 200: DecisionListSchema }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const decisions = await deps.deliveries.decisions({
        principal: principalOf(request),
        deliveryId: request.params.id.toLowerCase(),
      });
      return { decisions: decisions.map((d) => ({ ...d, at: d.at.toISOString() })) };
    },
  );

  app.post(
    '/construction/deliveries/',
    {
      schema: {
        ...schema,
        summary: 'Create a delivery',
        body: DeliveryCreateBody,
        response: withProblems({ 201: DeliverySchema }, [400, 401, 403, 404, 409]),
      },
    },
    async (request, reply) => {
      const { customerId, projectId, ...input } = request.body;
      const created = await deps.deliveries.create({
        principal: principalOf(request),
        customerId,
        projectId,
        input,
        clientAddress: request.ip,
      });
      return reply.code(201).send(presentDelivery(created));
    },
  );

  app.put(
    '/construction/deliveries/:id',
    {
      schema: {
        ...schema,
        summary: 'Change a delivery; approve or decline its information types',
        description:
          'verifiedBy and verifiedAt of an information type are set from the signed-in user when its approvalStatus ' +
          'changes; the subcontractor is e-mailed (a decline with its comment). With If-Match (the ETag of the ' +
          'delivery as read), a delivery someone has changed since is not changed: 412 delivery.changed. Answered ' +
          'with the new ETag.',
        params: DeliveryIdParams,
        headers: IfMatchHeaders,
        body: DeliveryUpdateBody,
        response: withProblems({ 200: DeliverySchema }, [400, 401, 403, 404, 409, 412]),
      },
    },
    async (request, reply) => {
      const ifVersions = ifMatchVersions(request.headers['if-match']);
      const updated = await deps.deliveries.update({
        principal: principalOf(request),
        deliveryId: request.params.id.toLowerCase(),
        input: request.body,
        ...(ifVersions ? { ifVersions } : {}),
        clientAddress: request.ip,
      });
      return reply.header('etag', etagOf(updated)).send(presentDelivery(updated));
    },
  );

  app.delete(
    '/construction/deliveries/:id',
    {
      schema: {
        ...schema,
        summary: 'Delete (archive) a delivery',
        params: DeliveryIdParams,
        body: DeliveryDeleteBody,
        response: withProblems({ 200: SuccessSchema }, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      await deps.deliveries.remove({
        principal: principalOf(request),
        deliveryId: request.params.id.toLowerCase(),
        projectId: request.body.projectId.toLowerCase(),
        clientAddress: request.ip,
      });
      return { success: true as const };
    },
  );

  app.post(
    '/construction/deliveries/copy-deliveries',
    {
      schema: {
        ...schema,
        summary: 'Copy deliveries into another project of the same customer',
        description: 'Expectations, categories and contact are copied; documents, approvals and subcontractor are not.',
        body: CopyDeliveriesBody,
        response: withProblems({ 201: DeliveryListSchema }, [400, 401, 403, 404, 409]),
      },
    },
    async (request, reply) => {
      const copied = await deps.deliveries.copy({
        principal: principalOf(request),
        fromProjectId: request.body.fromProjectId.toLowerCase(),
        toProjectId: request.body.toProjectId.toLowerCase(),
        deliveryIds: request.body.deliveryIds.map((id) => id.toLowerCase()),
        clientAddress: request.ip,
      });
      return reply.code(201).send({ deliveries: copied.map(presentDelivery) });
    },
  );

  app.post(
    '/construction/deliveries/send-subcontractor-email',
    {
      schema: {
        ...schema,
        summary: 'E-mail the subcontractor its portal link (a fresh token) and what is still missing',
        body: SubcontractorEmailBody,
        response: withProblems({ 202: Type.Object({ sent: Type.Literal(true) }) }, [400, 401, 403, 404, 409, 429]),
      },
    },
    async (request, reply) => {
      await deps.deliveries.sendSubcontractorEmail({
        principal: principalOf(request),
        ...emailParams(request.body),
        clientAddress: request.ip,
      });
      return reply.code(202).send({ sent: true as const });
    },
  );

  app.post(
    '/construction/deliveries/preview',
    {
      schema: {
        ...schema,
        summary: 'The subcontractor e-mail as it would be sent (no token is issued)',
        body: SubcontractorEmailBody,
        response: withProblems({ 200: MailPreviewSchema }, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const rendered = await deps.deliveries.previewSubcontractorEmail({
        principal: principalOf(request),
        ...emailParams(request.body),
      });
      return { subject: rendered.subject, html: rendered.html, text: rendered.text };
    },
  );
}

function emailParams(body: { projectId: string; subcontractorId: string; message?: string; locale?: MailLocale }) {
  return {
    projectId: body.projectId.toLowerCase(),
    subcontractorId: body.subcontractorId.toLowerCase(),
    ...(body.message !== undefined ? { message: body.message } : {}),
    ...(body.locale !== undefined ? { locale: body.locale } : {}),
  };
}
