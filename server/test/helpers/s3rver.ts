/**
 * s3rver, the S3-protocol server the tests and benchmarks talk to, on a free port of 127.0.0.1. It ships no type
 * declarations; this is the part of its API we use.
 */
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

interface S3rver {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: { address: string; port: number; directory: string; silent: boolean }) => S3rver;

/** s3rver's built-in account (a real bucket's credentials come from the AWS default chain) */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** s3rver keeping its buckets in `directory`; `close` stops it (the folder is the caller's) */
export async function startS3rver(directory: string): Promise<{ endpoint: string; close(): Promise<void> }> {
  const S3rverClass = createRequire(import.meta.url)('s3rver') as S3rverConstructor;
  const server = new S3rverClass({ address: '127.0.0.1', port: 0, directory, silent: true });
  const endpoint = `http://127.0.0.1:${(await server.run()).port}`;
  return { endpoint, close: () => server.close() };
}
