import path from 'node:path';
import { defineConfigPart } from '../config-part.js';

export type StorageConfig =
  | { kind: 'fs'; root: string }
  | {
      kind: 's3';
      bucket: string;
      region: string | null;
      endpoint: string | null;
      forcePathStyle: boolean;
      /** shared secret an S3 event notification (webhook) must carry; null: notifications are not accepted */
      eventsToken: string | null;
    };

export interface UploadsConfig {
  /** uploads above this are refused with 413 */
  maxBytes: number;
}

export const storageConfig = defineConfigPart({
  variables: [
    {
      name: 'BYGGDOK_MAX_UPLOAD_BYTES',
      default: '`5368709120` (5 GiB)',
      description: 'largest uploaded file (413 beyond it)',
    },
    {
      name: 'S3_BUCKET',
      default: 'unset: files under `$BYGGDOK_DATA_DIR/files`',
      description: 'keep files in this S3 bucket; uploads then go straight to S3 with pre-signed URLs',
    },
    { name: 'S3_REGION', default: '`AWS_REGION`', description: "the bucket's region" },
    { name: 'S3_ENDPOINT', default: 'AWS', description: 'an S3-compatible endpoint (MinIO, Ceph, ...)' },
    {
      name: 'S3_FORCE_PATH_STYLE',
      default: '`false`',
      description: 'path-style bucket addressing (most S3-compatible servers)',
    },
    {
      name: 'S3_EVENTS_TOKEN',
      default: 'unset: no endpoint',
      description:
        'shared secret for S3 object-created notifications at `POST /integrations/s3/events` (header ' +
        '`x-byggdok-events-token`); without them uploads are found by polling every minute',
    },
    {
      name: 'AWS_ACCESS_KEY_ID',
      display: '`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_PROFILE`, ...',
      also: ['AWS_SECRET_ACCESS_KEY', 'AWS_PROFILE', 'AWS_REGION', 'AWS_SESSION_TOKEN'],
      default: 'AWS default chain',
      description: 'S3 credentials, read by the AWS SDK',
      readBy: 'the AWS SDK',
    },
  ],
  read(env, context): { storage: StorageConfig; uploads: UploadsConfig } {
    const uploads = {
      maxBytes: env.int('BYGGDOK_MAX_UPLOAD_BYTES', { default: 5 * 1024 ** 3, min: 1024, max: 5 * 1024 ** 4 }),
    };
    const bucket = env.string('S3_BUCKET');
    if (!bucket) return { storage: { kind: 'fs', root: path.join(context.dataDir, 'files') }, uploads };
    const eventsToken = env.secret('S3_EVENTS_TOKEN', 24);
    return {
      storage: {
        kind: 's3',
        bucket,
        region: env.string('S3_REGION') ?? env.string('AWS_REGION') ?? null,
        endpoint: env.url('S3_ENDPOINT', ['http:', 'https:']) ?? null,
        forcePathStyle: env.boolean('S3_FORCE_PATH_STYLE', false),
        eventsToken,
      },
      uploads,
    };
  },
});
