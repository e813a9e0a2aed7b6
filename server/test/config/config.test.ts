import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.js';

describe('loadConfig', () => {
  it('runs on embedded defaults with an empty environment', () => {
    const config = loadConfig({}, { cwd: '/srv/byggdok' });
    expect(config.http.port).toBe(8080);
    expect(config.http.publicUrl).toBe('http://localhost:8080');
    expect(config.dataDir).toBe('/srv/byggdok/data');
    expect(config.databaseUrl).toBeNull();
    expect(config.adminToken).toBeNull();
    expect(config.redisUrl).toBeNull();
    expect(config.rateLimit.enabled).toBe(true);
  });

  it('reads every variable it documents', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      BYGGDOK_PUBLIC_URL: 'https://docs.example.no/',
      BYGGDOK_DATA_DIR: '/var/lib/byggdok',
      DATABASE_URL: 'postgres://u:p@db:5432/byggdok',
      BYGGDOK_ADMIN_TOKEN: 'a'.repeat(32),
      LOG_LEVEL: 'debug',
      RATE_LIMIT_MAX: '50',
      RATE_LIMIT_WINDOW_MS: '1000',
      RATE_LIMIT_ENABLED: 'false',
      REDIS_URL: 'redis://127.0.0.1:6379',
      BYGGDOK_ADMIN_URL: 'http://10.0.0.5:8080',
      BYGGDOK_WORKER_CONCURRENCY: '4',
      BYGGDOK_JOB_EXPIRE_SECONDS: '60',
      BYGGDOK_JOB_RETRY_LIMIT: '1',
      BYGGDOK_SEARCH_SEGMENT_MIN_DOCUMENTS: '50000',
      BYGGDOK_MAX_UPLOAD_BYTES: '2048',
      S3_BUCKET: 'byggdok-files',
      S3_ENDPOINT: 'http://minio:9000',
      S3_FORCE_PATH_STYLE: 'yes',
      AWS_REGION: 'eu-north-1',
    });
    expect(config.http).toMatchObject({ port: 9000, host: '127.0.0.1', publicUrl: 'https://docs.example.no' });
    expect(config.dataDir).toBe('/var/lib/byggdok');
    expect(config.databaseUrl).toBe('postgres://u:p@db:5432/byggdok');
    expect(config.logLevel).toBe('debug');
    expect(config.rateLimit).toEqual({ enabled: false, max: 50, windowMs: 1000 });
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(config.adminUrl).toBe('http://10.0.0.5:8080');
    expect(config.worker).toEqual({
      concurrency: 4,
      jobExpireSeconds: 60,
      retryLimit: 1,
      libreOfficePath: null,
      remindersCron: '0 7 * * *',
      searchSegmentMinDocuments: 50_000,
    });
    expect(config.uploads.maxBytes).toBe(2048);
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'byggdok-files',
      region: 'eu-north-1',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      eventsToken: null,
    });
  });

  it('keeps files in the data folder unless a bucket is named', () => {
    expect(loadConfig({ BYGGDOK_DATA_DIR: 'state' }, { cwd: '/srv/byggdok' }).storage).toEqual({
      kind: 'fs',
      root: '/srv/byggdok/state/files',
    });
  });

  it('names every bad variable at once, without echoing secrets', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://root:hunter2@db/x',
        LOG_LEVEL: 'loud',
        BYGGDOK_ADMIN_TOKEN: 'short',
        RATE_LIMIT_ENABLED: 'perhaps',
        S3_BUCKET: 'files',
        S3_EVENTS_TOKEN: 'short',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.map((p) => p.variable);
    expect(problems.sort()).toEqual(
      ['BYGGDOK_ADMIN_TOKEN', 'DATABASE_URL', 'LOG_LEVEL', 'PORT', 'RATE_LIMIT_ENABLED', 'S3_EVENTS_TOKEN'].sort(),
    );
    expect((error as ConfigError).code).toBe('config.invalid');
    expect((error as Error).message).toContain('PORT');
    expect((error as Error).message).not.toContain('hunter2');
  });

  it('turns reminders off with "off" and refuses a cron expression without five fields', () => {
    expect(loadConfig({ BYGGDOK_REMINDERS_CRON: 'off' }).worker.remindersCron).toBeNull();
    expect(loadConfig({ BYGGDOK_REMINDERS_CRON: '30 6 * * 1-5' }).worker.remindersCron).toBe('30 6 * * 1-5');
    expect(() => loadConfig({ BYGGDOK_REMINDERS_CRON: 'daily' })).toThrow(/BYGGDOK_REMINDERS_CRON: must be a cron/);
  });

  it('caps asks and zip downloads a credential runs at once: 4 and 2, or a whole number from 1 to 100', () => {
    expect(loadConfig({}).concurrency).toEqual({ asks: 4, zipStreams: 2 });
    expect(loadConfig({ BYGGDOK_ASK_CONCURRENCY: '1', BYGGDOK_ZIP_STREAMS: '100' }).concurrency).toEqual({
      asks: 1,
      zipStreams: 100,
    });
    expect(() => loadConfig({ BYGGDOK_ASK_CONCURRENCY: '0' })).toThrow(/BYGGDOK_ASK_CONCURRENCY: must be between 1/);
    expect(() => loadConfig({ BYGGDOK_ZIP_STREAMS: 'two' })).toThrow(/BYGGDOK_ZIP_STREAMS: must be a whole number/);
  });

  it("caps an owner's webhook deliveries sent at once: 2, or a whole number from 1 to 100", () => {
    expect(loadConfig({}).webhooks.concurrencyPerOwner).toBe(2);
    expect(loadConfig({ WEBHOOK_CONCURRENCY_PER_OWNER: '5' }).webhooks.concurrencyPerOwner).toBe(5);
    expect(() => loadConfig({ WEBHOOK_CONCURRENCY_PER_OWNER: '0' })).toThrow(
      /WEBHOOK_CONCURRENCY_PER_OWNER: must be between 1/,
    );
  });

  it('refuses a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT: must be between 0 and 65535/);
  });
});
