import { Type } from '@sinclair/typebox';
import type { UploadsService } from '../../../domain/uploads/uploads.service.js';
import type { App } from '../../app-types.js';
import { eventsTokenGuard } from '../../plugins/events-auth.js';

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
export function registerS3EventsRoute(app: App, deps: { uploads: UploadsService; eventsToken: string }): void {
  app.post(
    '/integrations/s3/events',
    {
      schema: {
        tags: ['integrations'],
        summary: 'S3 object-created notifications; authenticated with the x-byggdok-events-token header',
        body: Type.Object({ Records: Type.Array(S3Record, { maxItems: 1000 }) }),
        response: { 200: Type.Object({ accepted: Type.Integer() }) },
      },
      preHandler: eventsTokenGuard(deps.eventsToken),
    },
    async (request) => {
      let accepted = 0;
      for (const record of request.body.Records) {
        if (!record.eventName.startsWith('ObjectCreated')) continue;
        // keys arrive URL-encoded with '+' for spaces in S3 notifications
        const key = decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));
        const done = await deps.uploads.objectArrived({
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
