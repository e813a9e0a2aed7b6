import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../api.js';
import { putFile as put } from '../put-file.js';
import { createUploadQueue } from '../upload-queue.js';
import { problemText } from '../problems.js';
import { formatsFor } from '../format.js';

type Phase = 'waiting' | 'uploading' | 'processing' | 'done' | 'failed';
interface Item {
  key: string;
  file: File;
  /** folders and name, kept as the document's originalPath */
  path: string;
  phase: Phase;
  sent: number;
  documentId?: string;
  outcome?: 'read' | 'corrupt' | 'unreadable' | 'stored';
  error?: string | undefined;
}

const AT_ONCE = 3;

/** every file under a dropped folder, with its path (DataTransfer entries; the browser walks the folders) */
async function filesOf(entry: FileSystemEntry, prefix = ''): Promise<{ file: File; path: string }[]> {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
    return [{ file, path: `${prefix}${file.name}` }];
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  const children: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) break;
    children.push(...batch);
  }
  const nested = await Promise.all(children.map((child) => filesOf(child, `${prefix}${entry.name}/`)));
  return nested.flat();
}

/**
 * Files and whole folders, dropped or picked, uploaded a few at a time with a progress bar each; a failed file can be
 * sent again; afterwards each says what processing made of it.
 */
export function UploadPanel(props: { ownerId: string; buildingId: string }) {
  const { t, i18n } = useTranslation();
  const queries = useQueryClient();
  const [items, setItems] = useState<Item[]>([]);
  const [over, setOver] = useState(false);
  // the queue outlives renders; its send reads the latest `send` through the ref
  const sender = useRef<(item: Item) => Promise<void>>(async () => undefined);
  const queue = useRef(createUploadQueue<Item>({ atOnce: AT_ONCE, send: (item) => sender.current(item) }));
  const path = { buildingOwnerId: props.ownerId, buildingId: props.buildingId };

  const update = (key: string, change: Partial<Item>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  async function watch(item: Item, documentId: string) {
    for (let attempt = 0; attempt < 120; attempt += 1) {
      const status = await unwrap(
        api.GET('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/documents/{documentId}/status', {
          params: { path: { ...path, documentId } },
        }),
      );
      const outcome = status.corrupt
        ? 'corrupt'
        : status.text_extraction_error || status.invalid_file
          ? 'unreadable'
          : status.categorised
            ? 'read'
            : status.skip_extract_file
              ? 'stored'
              : null;
      if (outcome) {
        update(item.key, { phase: 'done', outcome });
        await queries.invalidateQueries({ queryKey: ['status', props.ownerId, props.buildingId] });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  async function send(item: Item) {
    update(item.key, { phase: 'uploading', sent: 0, error: undefined });
    try {
      const registered = await unwrap(
        api.PUT('/v1/building_owners/{buildingOwnerId}/buildings/{buildingId}/documents', {
          params: { path },
          body: { filename: item.path, originalCreatedAt: new Date(item.file.lastModified).toISOString() },
        }),
      );
      await put(registered.uploadUrl, item.file, (sent) => update(item.key, { sent }));
      update(item.key, { phase: 'processing', sent: item.file.size, documentId: registered.documentId });
      void watch(item, registered.documentId);
    } catch (error) {
      update(item.key, { phase: 'failed', error: problemText(t, error as Error) });
    }
  }

  sender.current = send;

  function add(files: { file: File; path: string }[]) {
    const added = files.map(({ file, path: filePath }) => ({
      key: `${filePath}-${file.size}-${file.lastModified}-${Math.random()}`,
      file,
      path: filePath,
      phase: 'waiting' as const,
      sent: 0,
    }));
    setItems((current) => [...current, ...added]);
    queue.current.add(added);
  }

  const retry = (item: Item) => {
    update(item.key, { phase: 'waiting' });
    queue.current.add([item]);
  };
  const done = items.filter((i) => i.phase === 'done');
  const count = (outcome: Item['outcome']) => done.filter((i) => i.outcome === outcome).length;
  const numbers = { format: formatsFor(i18n.language).number };

  return (
    <section className="upload" aria-labelledby="upload-title">
      <h2 id="upload-title">{t('upload.title')}</h2>
      <div
        className={`dropzone${over ? ' over' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          const entries = [...event.dataTransfer.items]
            .map((item) => item.webkitGetAsEntry())
            .filter((entry): entry is FileSystemEntry => entry !== null);
          void Promise.all(entries.map((entry) => filesOf(entry))).then((found) => add(found.flat()));
        }}
      >
        <p>{t('upload.drop')}</p>
        <label className="picker">
          {t('upload.files')}
          <input
            type="file"
            multiple
            onChange={(event) => add([...(event.target.files ?? [])].map((file) => ({ file, path: file.name })))}
          />
        </label>
        <label className="picker">
          {t('upload.folder')}
          <input
            type="file"
            // a folder and everything under it, with the paths inside it
            {...{ webkitdirectory: '', directory: '' }}
            onChange={(event) =>
              add([...(event.target.files ?? [])].map((file) => ({ file, path: file.webkitRelativePath || file.name })))
            }
          />
        </label>
      </div>
      {items.length > 0 && (
        <>
          <p role="status">
            {[
              t('upload.summary', { total: numbers.format(items.length), done: numbers.format(done.length) }),
              // every outcome that happened, and how many failed to send (each can be sent again)
              (['read', 'unreadable', 'stored', 'corrupt', 'failed'] as const)
                .map((outcome) => ({
                  outcome,
                  n: outcome === 'failed' ? items.filter((i) => i.phase === 'failed').length : count(outcome),
                }))
                .filter(({ n }) => n > 0)
                .map(({ outcome, n }) => t(`upload.counts.${outcome}`, { count: n }))
                .join(', '),
            ]
              .filter(Boolean)
              .join(': ')}
          </p>
          <ul className="queue">
            {items.map((item) => (
              <li key={item.key} data-phase={item.phase}>
                <span className="queue-name">{item.path}</span>
                <progress max={Math.max(item.file.size, 1)} value={item.sent} aria-label={item.path} />
                <span className={item.phase === 'done' && item.outcome === 'corrupt' ? 'bad' : undefined}>
                  {item.phase === 'done'
                    ? t(`upload.outcome.${item.outcome ?? 'read'}`)
                    : t(`upload.phase.${item.phase}`)}
                </span>
                {item.phase === 'failed' && (
                  <span className="queue-failure">
                    <span className="bad">{item.error}</span>
                    <button type="button" onClick={() => retry(item)}>
                      {t('upload.retry')}
                    </button>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
