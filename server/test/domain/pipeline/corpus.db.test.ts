import { describeCorpus } from '../../helpers/corpus-suite.js';

// with whatever this machine has: CI installs poppler-utils and tesseract (see .ci/run)
describeCorpus({ label: 'with the Debian tools this machine has', debianTools: true });
