import { Type } from '@sinclair/typebox';
import type { SessionsService } from '../../../../domain/sessions/sessions.service.js';
import type { App } from '../../../app-types.js';
import { principalOf } from '../../../plugins/partner-auth.js';
import { OwnerParams, withProblems } from '../../../schemas/common.js';

const schema = {
  tags: ['sessions'],
  summary: 'Exchange the API key for a short-lived, read-only token for one building owner',
  params: OwnerParams,
  body: Type.Optional(
    Type.Object(
      {
        expires_in: Type.Optional(
          Type.Integer({ minimum: 60, maximum: 86_400, default: 3600, description: 'seconds' }),
        ),
      },
      { additionalProperties: false },
    ),
  ),
  response: withProblems({
    200: Type.Object({ token: Type.String(), expires_at: Type.String({ format: 'date-time' }) }),
  }),
};

export function registerCreateSessionRoute(app: App, deps: { sessions: SessionsService }): void {
  app.post('/building_owners/:buildingOwnerId/sessions', { schema }, async (request) => {
    const session = await deps.sessions.create({
      principal: principalOf(request),
      ownerId: request.params.buildingOwnerId,
      expiresInSeconds: request.body?.expires_in ?? 3600,
    });
    return { token: session.token, expires_at: session.expiresAt.toISOString() };
  });
}
