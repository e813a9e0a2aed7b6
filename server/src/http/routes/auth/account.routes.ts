import { Type } from '@sinclair/typebox';
import type { AuditLogService } from '../../../domain/audit/audit-log.service.js';
import type { AccountService } from '../../../domain/signin/account.service.js';
import type { App } from '../../app-types.js';
import { SESSION_COOKIE, setCookie } from '../../cookies.js';
import { principalOf } from '../../plugins/partner-auth.js';
import { deviceOf } from '../../presenters/device.presenter.js';
import { withProblems } from '../../schemas/common.js';
import { PERSON_SECURITY } from '../../schemas/people.js';
import { EventSchema, presentEvent } from '../construction/customers/audit.route.js';
import type { CookieSettings } from './sign-in-context.js';

const Time = Type.String({ format: 'date-time' });
const NullableTime = Type.Union([Time, Type.Null()]);
const SessionId = Type.String({ pattern: '^uss_[a-z0-9]{26}$', description: 'a session id (uss_...)' });
const GrantId = Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$', description: 'a connected assistant' });

const SessionSchema = Type.Object({
  id: Type.String(),
  current: Type.Boolean({ description: 'the session this request is made with' }),
  device: Type.Object({
    browser: Type.Union([Type.String(), Type.Null()]),
    os: Type.Union([Type.String(), Type.Null()]),
  }),
  clientAddress: Type.Union([Type.String(), Type.Null()]),
  createdAt: Time,
  lastUsedAt: Time,
  expiresAt: Time,
});

const AssistantSchema = Type.Object({
  id: Type.String(),
  clientId: Type.String(),
  name: Type.String({ description: 'the name the assistant registered with (its client id when it gave none)' }),
  redirectHosts: Type.Array(Type.String()),
  connectedAt: NullableTime,
  lastUsedAt: NullableTime,
});

/**
 * The signed-in person's own account: their password (with the current one), their sessions (device, last use; one
 * or every other signed out) and their connected assistants (disconnected). The cookie or a personal key; never an
 * assistant's token.
 */
export function registerAccountRoutes(
  app: App,
  deps: { account: AccountService; auditLog: AuditLogService; cookies: CookieSettings },
): void {
  const { account } = deps;

  app.get(
    '/auth/me/history',
    {
      schema: {
        tags: ['sign-in'],
        summary:
          'Your account’s history, newest first: sign-ins (and failed tries of your address), password changes, personal keys, assistants allowed and ended, the operator’s changes',
        security: PERSON_SECURITY,
        querystring: Type.Object(
          {
            limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
            next_token: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
          },
          { additionalProperties: false },
        ),
        response: withProblems(
          {
            200: Type.Object({ events: Type.Array(EventSchema), nextToken: Type.Union([Type.String(), Type.Null()]) }),
          },
          [400, 401, 403],
        ),
      },
    },
    async (request, reply) => {
      const page = await deps.auditLog.history({
        principal: principalOf(request),
        limit: request.query.limit,
        nextToken: request.query.next_token,
      });
      reply.header('cache-control', 'no-store');
      return { events: page.events.map(presentEvent), nextToken: page.nextToken };
    },
  );

  app.post(
    '/auth/me/password',
    {
      schema: {
        tags: ['sign-in'],
        summary: 'Change your password (the current one first); every other session and every assistant ends',
        description:
          'Your personal API keys go on working unless `revokeApiKeys` is true: then every one of them that still ' +
          'works is revoked with the password, the one this request may be made with too (GET /auth/api-keys shows them).',
        security: PERSON_SECURITY,
        body: Type.Object(
          {
            currentPassword: Type.String({ maxLength: 1000 }),
            newPassword: Type.String({ maxLength: 1000 }),
            revokeApiKeys: Type.Optional(
              Type.Boolean({
                default: false,
                description: 'also revoke every personal API key of yours (programs using them stop working)',
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: withProblems({ 204: Type.Null() }, [400, 401, 403, 429]),
      },
    },
    async (request, reply) => {
      const renewed = await account.changePassword({
        principal: principalOf(request),
        currentPassword: request.body.currentPassword,
        newPassword: request.body.newPassword,
        revokeApiKeys: request.body.revokeApiKeys,
        clientAddress: request.ip,
      });
      // the session in use goes on under a new token: a copy of the old cookie ends with the old password
      if (renewed) {
        setCookie(reply, {
          name: SESSION_COOKIE,
          value: renewed.sessionToken,
          maxAgeSeconds: (renewed.expiresAt.getTime() - Date.now()) / 1000,
          secure: deps.cookies.secure,
        });
      }
      return reply.code(204).header('cache-control', 'no-store').send(null);
    },
  );

  app.get(
    '/auth/me/sessions',
    {
      schema: {
        tags: ['sign-in'],
        summary: 'Your sessions that still work: device, address, last use',
        security: PERSON_SECURITY,
        response: withProblems({ 200: Type.Object({ sessions: Type.Array(SessionSchema) }) }, [401, 403]),
      },
    },
    async (request) => ({
      sessions: (await account.listSessions(principalOf(request))).map((session) => ({
        id: session.id,
        current: session.current,
        device: deviceOf(session.userAgent),
        clientAddress: session.clientAddress,
        createdAt: session.createdAt.toISOString(),
        lastUsedAt: session.lastSeenAt.toISOString(),
        expiresAt: session.expiresAt.toISOString(),
      })),
    }),
  );

  app.post(
    '/auth/me/sessions/sign-out-others',
    {
      schema: {
        tags: ['sign-in'],
        summary: 'Sign out everywhere else: every session but this one ends, with the assistants allowed from them',
        security: PERSON_SECURITY,
        response: withProblems({ 200: Type.Object({ ended: Type.Integer() }) }, [401, 403]),
      },
    },
    async (request) => account.endOtherSessions({ principal: principalOf(request), clientAddress: request.ip }),
  );

  app.delete(
    '/auth/me/sessions/:sessionId',
    {
      schema: {
        tags: ['sign-in'],
        summary: 'Sign out one of your sessions',
        security: PERSON_SECURITY,
        params: Type.Object({ sessionId: SessionId }),
        response: withProblems({ 204: Type.Null() }, [400, 401, 403, 404]),
      },
    },
    async (request, reply) => {
      await account.endSession({
        principal: principalOf(request),
        sessionId: request.params.sessionId,
        clientAddress: request.ip,
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/auth/me/assistants',
    {
      schema: {
        tags: ['sign-in'],
        summary: 'The assistants (MCP clients) you allowed to act as you',
        security: PERSON_SECURITY,
        response: withProblems({ 200: Type.Object({ assistants: Type.Array(AssistantSchema) }) }, [401, 403]),
      },
    },
    async (request) => ({
      assistants: (await account.listAssistants(principalOf(request))).map((assistant) => ({
        id: assistant.grantId,
        clientId: assistant.clientId,
        name: assistant.clientName ?? assistant.clientId,
        redirectHosts: [
          ...new Set(assistant.redirectUris.flatMap((uri) => (URL.canParse(uri) ? [new URL(uri).host] : []))),
        ],
        connectedAt: assistant.connectedAt?.toISOString() ?? null,
        lastUsedAt: assistant.lastUsedAt?.toISOString() ?? null,
      })),
    }),
  );

  app.delete(
    '/auth/me/assistants/:assistantId',
    {
      schema: {
        tags: ['sign-in'],
        summary: 'Disconnect an assistant: its refresh and access tokens stop working at once',
        security: PERSON_SECURITY,
        params: Type.Object({ assistantId: GrantId }),
        response: withProblems({ 204: Type.Null() }, [400, 401, 403, 404]),
      },
    },
    async (request, reply) => {
      await account.disconnectAssistant({
        principal: principalOf(request),
        grantId: request.params.assistantId,
        clientAddress: request.ip,
      });
      return reply.code(204).send(null);
    },
  );
}
