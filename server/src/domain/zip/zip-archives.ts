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

/** a file of an archive that could not be read: left out (bytesWritten 0) or cut short where reading failed */
export interface UnreadableEntry {
  path: string;
  /** its place in `entries` */
  index: number;
  error: Error;
  bytesWritten: number;
}

/**
 * Writes a zip as a stream: entries are opened one at a time, when the archive reaches them (never all at once),
 * ZIP64 when sizes need it. `late` entries are made once every file before them has been written (the manifest); one
 * whose content is null is left out. A file that cannot be read is told to `unreadable` and the zip still ends valid.
 */
export type ZipWriter = (params: {
  entries: { path: string; open: () => Promise<Readable>; compress: boolean }[];
  late: { path: string; content: () => Buffer | null }[];
  unreadable?: (entry: UnreadableEntry) => void;
}) => Readable;

/** the name of the entry that lists the files an archive could not include (one name, in both languages) */
export const MISSING_FILES_ENTRY = 'MANGLER-MISSING.txt';

/** the code of the error a streamed archive's entry is refused with when its document left reach meanwhile */
export const DOCUMENT_GONE = 'document.gone';

/** the code of the error a streamed archive's entry is refused with when the download's credential lost its reach */
export const ACCESS_ENDED = 'access.ended';

/** the list of files an archive could not include, why, in Norwegian and English; null when none is missing */
export function missingFilesText(
  missing: { path: string; documentId: string; error: Error; bytesWritten: number }[],
): Buffer | null {
  if (missing.length === 0) return null;
  const lines = missing.map((m) => {
    const code = (m.error as { code?: string }).code;
    const why =
      m.bytesWritten > 0
        ? `lesingen stoppet etter ${m.bytesWritten} byte; filen i arkivet er ufullstendig / reading stopped after ${m.bytesWritten} bytes; the file in the archive is incomplete`
        : code === 'blob.not_found'
          ? 'filen mangler i lagringen / the file is missing from storage'
          : code === DOCUMENT_GONE
            ? 'dokumentet ble slettet, erstattet eller utilgjengelig etter at nedlastingen begynte / the document was deleted, replaced or went out of reach after the download began'
            : code === ACCESS_ENDED
              ? 'nøkkelen eller innloggingen som lastet ned mistet tilgangen etter at nedlastingen begynte / the key or sign-in of the download lost its access after the download began'
              : 'filen kunne ikke leses / the file could not be read';
    return `${m.path} (dokument/document ${m.documentId}): ${why}`;
  });
  return Buffer.from(
    [
      `Disse filene kunne ikke tas med i arkivet (${missing.length}):`,
      `These files could not be included in the archive (${missing.length}):`,
      '',
      ...lines,
      '',
    ].join('\r\n'),
  );
}
