import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import type { AccessService } from '../access/access.service.js';
import type { Principal } from '../access/principal.js';
import type { BlobStore } from '../documents/blob-store.js';
import { notDeviceName, visibleName } from '../documents/document.js';
import { jobDone, jobSkipped, type JobOutcome, type JobQueue } from '../jobs/jobs.js';
import type { Clock } from '../shared/clock.js';
import { csvCell } from '../shared/csv.js';
import { AppError, invalidField, notFound } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import {
  MISSING_FILES_ENTRY,
  missingFilesText,
  type ManifestEntry,
  type UnreadableEntry,
  type ZipArchiveRecord,
  type ZipSourceDocument,
  type ZipWriter,
} from './zip-archives.js';

export interface ZipRepository {
  /** the project holding the building, null when it is in none */
  projectOfBuilding(buildingId: string): Promise<{ projectId: string; buildingName: string } | null>;
  subcontractorInProject(params: { projectId: string; subcontractorId: string }): Promise<boolean>;
  create(record: {
    id: string;
    buildingId: string;
    projectId: string;
    subcontractorId: string | null;
    excludeBefore: Date | null;
    latestRevisions: boolean;
    createdBy: string | null;
    createdAt: Date;
  }): Promise<ZipArchiveRecord>;
  find(zipId: string): Promise<ZipArchiveRecord | null>;
  latest(params: {
    buildingId: string;
    subcontractorId: string | null;
    excludeBefore: Date | null | undefined;
    latestRevisions: boolean | undefined;
  }): Promise<ZipArchiveRecord | null>;
  /** the building's archives queued or being built, asked for since `since` (older ones count as abandoned) */
  unfinished(params: { buildingId: string; since: Date }): Promise<ZipArchiveRecord[]>;
  markRunning(zipId: string): Promise<void>;
  markReady(params: { zipId: string; blobKey: string; fileCount: number; size: number; at: Date }): Promise<void>;
  markFailed(params: { zipId: string; error: string }): Promise<void>;
  /**
   * whether what decides which of the building's files the project reads changed at or after `since`: the building
   * (its private folders, or its name: one timestamp tells both) or one of the project's files in it archived
   */
  changedSince(params: { buildingId: string; projectId: string | null; since: Date }): Promise<boolean>;
  /** the archives of the same building and scope older than the newest ready one of it, ready or failed */
  superseded(zip: ZipArchiveRecord): Promise<ZipArchiveRecord[]>;
  /** forgets these archives (ready or failed ones; one being built again stays) */
  remove(zipIds: string[]): Promise<void>;
  /**
   * the project's live, uploaded files in the building (of one subcontractor, uploaded from a time), in folder and
   * name order; none without a project
   */
  documents(params: {
    buildingId: string;
    projectId: string | null;
    subcontractorId: string | null;
    excludeBefore: Date | null;
    latestRevisions: boolean;
  }): Promise<ZipSourceDocument[]>;
}

const SIGNED_URL_SECONDS = 15 * 60;
/**
 * archives of one building queued or being built at once: each copies the building's files (gigabytes, kept in the
 * store), so a reader asking again and again would otherwise fill the store and hold every other building's archives
 */
export const UNFINISHED_PER_BUILDING = 3;
/** an archive still unfinished this long after it was asked for is taken as lost (its job gave up or vanished) */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

function zipBlobKey(params: { buildingId: string; zipId: string }): string {
  return `zips/${params.buildingId}/${params.zipId}.zip`;
}

/** the archive a key of {@link zipBlobKey}'s shape holds; null for any other key */
function zipIdOfBlobKey(key: string): string | null {
  return /^zips\/[^/]+\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.zip$/.exec(key)?.[1] ?? null;
}

/** `2026-05-01` or an ISO 8601 time; anything else is refused, naming the parameter */
export function parseExcludeBefore(value: string | undefined): Date | null {
  if (value === undefined || value === '') return null;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  if (Number.isNaN(date.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(value)) {
    throw invalidField('/excludeFilesBeforeDate', 'must be a date (YYYY-MM-DD) or an ISO 8601 time');
  }
  return date;
}

/**
 * a path segment made safe in a zip: no separators, no control (C0, DEL, C1) or reserved characters, none of the marks
 * that turn the direction of text (`Tegning<U+202E>fdp.exe` shows as `Tegningexe.pdf`), never `.` or `..`, no
 * trailing dots or spaces (Windows drops them, so `FDV.pdf.` would land on `FDV.pdf`), and no Windows device name
 * (`CON.pdf` becomes `_CON.pdf`, which Explorer unpacks)
 */
function safeSegment(segment: string): string {
  const cleaned = visibleName(segment.normalize('NFC'))
    .replace(/[\\/:*?"<>|]/g, '_')
    .trim()
    .slice(0, 200)
    .replace(/[. ]+$/, '');
  return cleaned === '' ? '_' : notDeviceName(cleaned);
}

/** where each file goes: its upload folders, its (current) name; a second file of the same path gets ` (2)` */
export function zipPaths(documents: Pick<ZipSourceDocument, 'originalPath' | 'filename'>[]): string[] {
  const taken = new Set<string>(['manifest.json', 'manifest.csv', MISSING_FILES_ENTRY.toLowerCase()]);
  return documents.map((document) => {
    // the upload path ends with the name it was uploaded with; the folders are what comes before
    const folders = document.originalPath
      .split(/[\\/]+/)
      .filter(Boolean)
      .slice(0, -1)
      .map(safeSegment);
    const name = safeSegment(document.filename);
    const base = [...folders, name].join('/');
    let path = base;
    for (let n = 2; taken.has(path.toLowerCase()); n += 1) {
      path = base.replace(/(\.[^./]+)?$/, (extension) => ` (${n})${extension}`);
    }
    taken.add(path.toLowerCase());
    return path;
  });
}

export function manifestCsv(entries: ManifestEntry[]): string {
  const header = [
    'path',
    'size',
    'md5',
    'documentId',
    'category',
    'informationType',
    'deliveryId',
    'delivery',
    'approval',
  ];
  const rows = entries.map((e) =>
    [e.path, e.size, e.md5, e.documentId, e.category, e.informationType, e.deliveryId, e.delivery, e.approval]
      .map(csvCell)
      .join(','),
  );
  return `${[header.join(','), ...rows].join('\r\n')}\r\n`;
}

/** counts and hashes what passes through */
class Checksum extends Transform {
  readonly hash = createHash('md5');
  size = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.hash.update(chunk);
    this.size += chunk.length;
    callback(null, chunk);
  }
}

/**
 * Zip archives of a project's files in one of its buildings (never the files the building's owner added after a
 * handover, nor any under the building's private folders), built by a job: a request answers at once (202) and the archive is streamed
 * from the blob store into the blob store, one file at a time, with a manifest (JSON and CSV: path, size, MD5,
 * document, category, information type, delivery, approval) of exactly what it holds. READ_ACCESS to the project
 * holding the building asks for one and downloads it. Only the newest ready archive of each scope is kept, and none is
 * handed out once its building's private folders changed or one of its files was archived after it was asked for.
 */
export function createZipService(deps: {
  repository: ZipRepository;
  access: AccessService;
  blobs: BlobStore;
  queue: Pick<JobQueue, 'enqueue'>;
  clock: Clock;
  writer: ZipWriter;
}) {
  const { repository, access } = deps;

  /**
   * an archive asked for before its building's private folders changed or one of its files was archived may hold a
   * file its readers no longer may read: it is never handed out again (nor taken as the answer to a new request)
   */
  function outdated(zip: ZipArchiveRecord): Promise<boolean> {
    return repository.changedSince({ buildingId: zip.buildingId, projectId: zip.projectId, since: zip.createdAt });
  }

  /**
   * only the newest ready archive of a building and scope is kept: the older ones (and failed ones) go, blob first,
   * so a row never names a blob that is gone; a link to one handed out before then stops working
   */
  async function removeSuperseded(zip: ZipArchiveRecord): Promise<void> {
    const older = await repository.superseded(zip);
    for (const old of older) if (old.blobKey) await deps.blobs.delete(old.blobKey);
    await repository.remove(older.map((old) => old.id));
  }

  async function authorized(params: { principal: Principal; buildingId: string }) {
    const found = await repository.projectOfBuilding(params.buildingId);
    if (!found) throw notFound('building');
    const grant = await access.authorizeProject({
      principal: params.principal,
      projectId: found.projectId,
      need: 'read',
      notFound: () => notFound('building'),
    });
    return { grant, buildingName: found.buildingName };
  }

  return {
    async request(params: {
      principal: Principal;
      buildingId: string;
      subcontractorId?: string;
      excludeFilesBeforeDate?: string;
      latestRevisions?: boolean;
    }): Promise<ZipArchiveRecord> {
      const excludeBefore = parseExcludeBefore(params.excludeFilesBeforeDate);
      const { grant } = await authorized(params);
      if (
        params.subcontractorId !== undefined &&
        !(await repository.subcontractorInProject({
          projectId: grant.projectId,
          subcontractorId: params.subcontractorId,
        }))
      ) {
        throw notFound('subcontractor');
      }
      // an archive of the same files already queued or being built is the answer (a second copy of the building's
      // files would cost the same work and storage again), the newest unless it is outdated (then so are the older
      // ones); past a few at once a request waits its turn (429)
      const unfinished = await repository.unfinished({
        buildingId: params.buildingId,
        since: new Date(deps.clock.now().getTime() - ABANDONED_AFTER_MS),
      });
      const latestRevisions = params.latestRevisions ?? false;
      const same = unfinished.findLast(
        (z) =>
          z.subcontractorId === (params.subcontractorId?.toLowerCase() ?? null) &&
          (z.excludeBefore?.getTime() ?? null) === (excludeBefore?.getTime() ?? null) &&
          z.latestRevisions === latestRevisions,
      );
      if (same && !(await outdated(same))) return same;
      if (unfinished.length >= UNFINISHED_PER_BUILDING) {
        throw new AppError({
          code: 'zip.busy',
          kind: 'too_many_requests',
          message: `${UNFINISHED_PER_BUILDING} archives of this building are being built; ask again when one is ready`,
          retryAfterSeconds: 30,
        });
      }
      const record = await repository.create({
        id: newId.uuid(),
        buildingId: params.buildingId,
        projectId: grant.projectId,
        subcontractorId: params.subcontractorId ?? null,
        excludeBefore,
        latestRevisions,
        createdBy: grant.userId,
        createdAt: deps.clock.now(),
      });
      await deps.queue.enqueue('zip.build', { zipId: record.id });
      return record;
    },

    async latest(params: {
      principal: Principal;
      buildingId: string;
      subcontractorId?: string;
      excludeFilesBeforeDate?: string;
      latestRevisions?: boolean;
    }): Promise<ZipArchiveRecord & { url: string | null; expiresAt: Date | null }> {
      const excludeBefore =
        params.excludeFilesBeforeDate === undefined ? undefined : parseExcludeBefore(params.excludeFilesBeforeDate);
      const { buildingName } = await authorized(params);
      const record = await repository.latest({
        buildingId: params.buildingId,
        subcontractorId: params.subcontractorId ?? null,
        excludeBefore,
        latestRevisions: params.latestRevisions,
      });
      if (!record) throw notFound('zip', 'No zip archive of this building yet');
      if (record.status === 'ready' && (await outdated(record))) {
        throw notFound('zip', 'No current zip archive of this building: the files it may hold have changed since');
      }
      if (record.status !== 'ready' || !record.blobKey) return { ...record, url: null, expiresAt: null };
      const url = await deps.blobs.signedDownloadUrl(record.blobKey, {
        expiresInSeconds: SIGNED_URL_SECONDS,
        filename: `${safeSegment(buildingName)}.zip`,
        contentType: 'application/zip',
      });
      return { ...record, url, expiresAt: new Date(deps.clock.now().getTime() + SIGNED_URL_SECONDS * 1000) };
    },

    /**
     * Whether a signed link of this archive may still be served (the embedded storage asks at each use): only while
     * `latest` would hand it out, i.e. it is ready and not outdated. A link saved before a file of it was archived or
     * a folder of it made private serves nothing, though no newer archive has replaced it yet. Keys of anything but
     * an archive are not the archives' to answer (false).
     */
    async servesArchive(key: string): Promise<boolean> {
      const zipId = zipIdOfBlobKey(key);
      if (zipId === null) return false;
      const record = await repository.find(zipId);
      if (!record || record.status !== 'ready' || record.blobKey !== key) return false;
      return !(await outdated(record));
    },

    /**
     * the job: builds the archive; a crash is retried from the start; a file missing from storage is left out and
     * named, with why, in the archive's MANGLER-MISSING.txt (the manifest lists only what the archive holds)
     */
    async build(zipId: string): Promise<JobOutcome> {
      const record = await repository.find(zipId);
      if (!record) return jobSkipped('the archive request is gone');
      if (record.status === 'ready') {
        // a retry after the clean-up failed finishes it
        await removeSuperseded(record);
        return jobSkipped('already built');
      }
      await repository.markRunning(zipId);
      const documents = await repository.documents(record);
      const paths = zipPaths(documents);
      const manifest: ManifestEntry[] = [];
      const entries = documents.map((document, index) => ({
        path: paths[index]!,
        compress: false,
        open: async () => {
          const checksum = new Checksum();
          checksum.on('end', () => {
            manifest.push({
              path: paths[index]!,
              size: checksum.size,
              md5: checksum.hash.digest('hex'),
              documentId: document.id,
              category: document.buildingCategory,
              informationType: document.informationType,
              deliveryId: document.deliveryId,
              delivery: document.deliveryLabel,
              approval: document.approvalStatus,
            });
          });
          const blob = await deps.blobs.get(document.blobKey);
          blob.once('error', (error) => checksum.destroy(error));
          return blob.pipe(checksum);
        },
      }));
      const unreadable: UnreadableEntry[] = [];
      const late = [
        {
          path: 'manifest.json',
          content: () => Buffer.from(`${JSON.stringify({ zipId, files: manifest }, null, 2)}\n`),
        },
        { path: 'manifest.csv', content: () => Buffer.from(manifestCsv(manifest)) },
        {
          path: MISSING_FILES_ENTRY,
          content: () => missingFilesText(unreadable.map((u) => ({ ...u, documentId: documents[u.index]!.id }))),
        },
      ];
      const blobKey = zipBlobKey({ buildingId: record.buildingId, zipId });
      try {
        const stored = await deps.blobs.put(
          blobKey,
          deps.writer({ entries, late, unreadable: (entry) => unreadable.push(entry) }),
          { contentType: 'application/zip' },
        );
        await repository.markReady({
          zipId,
          blobKey,
          fileCount: documents.length - unreadable.filter((u) => u.bytesWritten === 0).length,
          size: stored.size,
          at: deps.clock.now(),
        });
      } catch (error) {
        // failed until a retry starts it again: the last attempt's failure is what the caller sees
        await repository.markFailed({ zipId, error: (error as Error).message });
        throw error;
      }
      await removeSuperseded(record);
      return jobDone();
    },
  };
}

export type ZipService = ReturnType<typeof createZipService>;
