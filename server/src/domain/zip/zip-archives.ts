import type { Readable } from 'node:stream';

export type ZipStatus = 'queued' | 'running' | 'ready' | 'failed';

export interface ZipArchiveRecord {
  id: string;
  buildingId: string;
  projectId: string | null;
  subcontractorId: string | null;
  excludeBefore: Date | null;
  /** only the current revision of each drawing and version of each file */
  latestRevisions: boolean;
  status: ZipStatus;
  blobKey: string | null;
  fileCount: number | null;
  size: number | null;
  error: string | null;
  createdAt: Date;
  readyAt: Date | null;
}

/** one file of an archive, as the building holds it */
export interface ZipSourceDocument {
  id: string;
  filename: string;
  /** the folders it was uploaded in (`VVS/Ventilasjon`), '' for none */
  originalPath: string;
  blobKey: string;
  buildingCategory: string | null;
  informationType: string | null;
  deliveryId: string | null;
  deliveryLabel: string | null;
  approvalStatus: 'APPROVED' | 'DECLINED' | null;
}

/** one entry of the manifest: what the archive holds, checksummed while it was written */
export interface ManifestEntry {
  path: string;
  size: number;
  md5: string;
  documentId: string;
  category: string | null;
  informationType: string | null;
  deliveryId: string | null;
  delivery: string | null;
  approval: string | null;
}

/**
 * Writes a zip as a stream: entries are opened one at a time, when the archive reaches them (never all at once),
 * ZIP64 when sizes need it. `late` entries are made once every file before them has been written (the manifest).
 */
export type ZipWriter = (params: {
  entries: { path: string; open: () => Promise<Readable>; compress: boolean }[];
  late: { path: string; content: () => Buffer }[];
}) => Readable;
