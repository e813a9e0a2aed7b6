import { Type } from '@sinclair/typebox';
import type { SubcontractorsService } from '../../../../domain/deliveries/subcontractors.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { presentSubcontractor, presentSubcontractorToken } from '../../../presenters/deliveries.presenter.js';
import { SuccessSchema, Timestamp, withProblems } from '../../../schemas/common.js';
import {
  SubcontractorCreateBody,
  SubcontractorParams,
  SubcontractorSchema,
  SubcontractorUpdateBody,
  TokenCreateBody,
  TokenSchema,
} from '../../../schemas/deliveries.js';
import { PERSON_SECURITY, Uuid } from '../../../schemas/people.js';
import { ProjectParams } from '../../../schemas/projects.js';

const BASE = '/construction/customers/:customerId/projects/:projectId/subcontractors';
const TokenParams = Type.Object({ ...SubcontractorParams.properties, tokenId: Uuid('token id') });

/**
 * A project's subcontractors (READ_ACCESS lists them; WRITE_ACCESS creates, changes and removes them) and the portal
 * tokens issued to each (WRITE_ACCESS: a token is shown once, listed with its last use, revoked at once).
 */
export function registerSubcontractorRoutes(app: App, deps: { subcontractors: SubcontractorsService }): void {
  const schema = { tags: ['construction'], security: PERSON_SECURITY };

  app.get(
    BASE,
    {
      schema: {
        ...schema,
        summary: 'Subcontractors of a project',
        params: ProjectParams,
        response: withProblems(
          { 200: Type.Object({ subcontractors: Type.Array(SubcontractorSchema) }) },
          [400, 401, 403, 404],
        ),
      },
    },
    async (request) => {
      const list = await deps.subcontractors.list({ principal: principalOf(request), ...request.params });
      return { subcontractors: list.map(presentSubcontractor) };
    },
  );

  app.post(
    BASE,
    {
      schema: {
        ...schema,
        summary: 'Add a subcontractor to a project',
        params: ProjectParams,
        body: SubcontractorCreateBody,
        response: withProblems({ 201: SubcontractorSchema }, [400, 401, 403, 404, 409]),
      },
    },
    async (request, reply) => {
      const body = request.body;
      const created = await deps.subcontractors.create({
        principal: principalOf(request),
        ...request.params,
        fields: {
          companyName: body.companyName.trim(),
          organisationNumber: body.organisationNumber ?? null,
          contactName: body.contactName ?? null,
          email: body.email,
          phone: body.phone ?? null,
          disciplines: body.disciplines ?? [],
        },
        clientAddress: request.ip,
      });
      return reply.code(201).send(presentSubcontractor(created));
    },
  );

  app.put(
    `${BASE}/:subcontractorId`,
    {
      schema: {
        ...schema,
        summary: 'Change a subcontractor (a new e-mail address revokes its portal tokens)',
        params: SubcontractorParams,
        body: SubcontractorUpdateBody,
        response: withProblems({ 200: SubcontractorSchema }, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const { companyName, ...rest } = request.body;
      const updated = await deps.subcontractors.update({
        principal: principalOf(request),
        ...request.params,
        fields: { ...rest, ...(companyName !== undefined ? { companyName: companyName.trim() } : {}) },
        clientAddress: request.ip,
      });
      return presentSubcontractor(updated);
    },
  );

  app.delete(
    `${BASE}/:subcontractorId`,
    {
      schema: {
        ...schema,
        summary: 'Remove a subcontractor (archived; its tokens revoked, its documents and deliveries kept)',
        params: SubcontractorParams,
        response: withProblems({ 200: SuccessSchema }, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      await deps.subcontractors.remove({
        principal: principalOf(request),
        ...request.params,
        clientAddress: request.ip,
      });
      return { success: true as const };
    },
  );

  app.post(
    `${BASE}/:subcontractorId/tokens`,
    {
      schema: {
        ...schema,
        summary: 'Issue a portal token (shown once)',
        params: SubcontractorParams,
        body: Type.Optional(TokenCreateBody),
        response: withProblems(
          { 201: Type.Object({ id: Type.String(), token: Type.String(), expiresAt: Timestamp }) },
          [400, 401, 403, 404, 409],
        ),
      },
    },
    async (request, reply) => {
      const issued = await deps.subcontractors.createToken({
        principal: principalOf(request),
        ...request.params,
        ...(request.body?.expiresInDays !== undefined ? { expiresInDays: request.body.expiresInDays } : {}),
        clientAddress: request.ip,
      });
      return reply.code(201).send({ id: issued.id, token: issued.token, expiresAt: issued.expiresAt.toISOString() });
    },
  );

  app.get(
    `${BASE}/:subcontractorId/tokens`,
    {
      schema: {
        ...schema,
        summary: 'Portal tokens of a subcontractor (without the secrets)',
        params: SubcontractorParams,
        response: withProblems({ 200: Type.Object({ tokens: Type.Array(TokenSchema) }) }, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const tokens = await deps.subcontractors.listTokens({ principal: principalOf(request), ...request.params });
      return { tokens: tokens.map(presentSubcontractorToken) };
    },
  );

  app.delete(
    `${BASE}/:subcontractorId/tokens/:tokenId`,
    {
      schema: {
        ...schema,
        summary: 'Revoke a portal token (refused at once afterwards)',
        params: TokenParams,
        response: withProblems({ 204: Type.Null() }, [400, 401, 403, 404, 409]),
      },
    },
    async (request, reply) => {
      await deps.subcontractors.revokeToken({
        principal: principalOf(request),
        ...request.params,
        clientAddress: request.ip,
      });
      return reply.code(204).send(null);
    },
  );
}
