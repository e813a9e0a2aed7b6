import { Type } from '@sinclair/typebox';
import type { DocumentsService } from '../../../domain/documents/documents.service.js';
import { unauthorized } from '../../../domain/shared/errors.js';
import { hashSecret, safeEqual } from '../../../domain/shared/secrets.js';
import type { App } from '../../app-types.js';

const S3Record = Type.Object({
  eventName: Type.String(),
  s3: Type.Object({
    object: Type.Object({
      key: Type.String(),
      size: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
      eTag: Type.Optional(Type.String()),
    }),
  }),
});

/**
 * S3 event notifications (the standard `Records` shape that S3 webhooks, MinIO and SNS-to-HTTP bridges deliver):
 * an upload is processed the moment it lands, without waiting for the poller.
 */
export function registerS3EventsRoute(app: App, deps: { documents: DocumentsService; eventsToken: string }): void {
  const expected = hashSecret(deps.eventsToken);
  app.post(
    '/integrations/s3/events',
    {
      schema: {
        tags: ['integrations'],
        summary: 'S3 object-created notifications; authenticated with the x-byggdok-events-token header',
        body: Type.Object({ Records: Type.Array(S3Record, { maxItems: 1000 }) }),
        response: { 200: Type.Object({ accepted: Type.Integer() }) },
      },
    },
    async (request) => {
      const token = request.headers['x-byggdok-events-token'];
      if (typeof token !== 'string' || !safeEqual(hashSecret(token), expected)) {
        throw unauthorized('auth.invalid_events_token', 'The events token is not valid');
      }
      let accepted = 0;
      for (const record of request.body.Records) {
        if (!record.eventName.startsWith('ObjectCreated')) continue;
        // keys arrive URL-encoded with '+' for spaces in S3 notifications
        const key = decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));
        const done = await deps.documents.objectArrived({
          key,
          size: record.s3.object.size ?? 0,
          etag: record.s3.object.eTag ?? null,
          contentType: null,
        });
        if (done) accepted++;
      }
      return { accepted };
    },
  );
}
