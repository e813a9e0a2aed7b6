import type { ExtractedPage } from '../../../domain/pipeline/extraction.types.js';

/** What the parent passes to a sandbox when it starts it (as its one argument, JSON). */
export interface SandboxChildOptions {
  libreOfficePath: string | null;
  preferPdfCli?: boolean;
  imageMaxPixels: number;
  /** tests: a module exporting `createFileTools(options)` that replaces the real tools */
  toolsModule?: string;
}

/** parent -> sandbox: one FileTools call, its input without the signal (the parent kills the sandbox instead) */
export interface SandboxCall {
  type: 'call';
  method: 'detect' | 'extract' | 'unpackZip' | 'makePreview';
  input: unknown;
}

/** sandbox -> parent */
export type SandboxMessage =
  | { type: 'ready' }
  | { type: 'pageStarted'; pageNumber: number }
  | { type: 'pageDone'; page: ExtractedPage }
  | { type: 'result'; value: unknown }
  | { type: 'error'; error: { name: string; message: string } };
