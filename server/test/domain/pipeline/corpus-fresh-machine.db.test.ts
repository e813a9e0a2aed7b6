import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeCorpus } from '../../helpers/corpus-suite.js';

/**
 * The same corpus on a fresh machine: a PATH with nothing on it, so pdftotext, pdfinfo, pdftoppm, tesseract and
 * soffice are not found (as on a machine set up with the README's two commands) and the JavaScript readers do the
 * work: pdf.js, tesseract.js with its npm language packages, and the pure JavaScript Office, CAD and model readers.
 * Set before anything looks for them (each test file runs in a process of its own); nothing else here needs PATH.
 */
process.env.PATH = mkdtempSync(path.join(tmpdir(), 'byggdok-no-debian-tools-'));

describeCorpus({ label: 'on a machine without poppler, tesseract or LibreOffice', debianTools: false });
