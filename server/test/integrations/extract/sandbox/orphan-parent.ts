/**
 * A worker process for the sandbox test: it starts a sandbox on a parser that spins, prints the sandbox's pid, and is
 * then killed by the test, as a crashed worker would be.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createSandboxedFileTools } from '../../../../src/integrations/extract/sandbox/sandboxed-file-tools.js';

const workDir = process.argv[2] ?? '.';
const tools = createSandboxedFileTools({
  limits: { timeoutMs: 600_000, pageTimeoutMs: 600_000, memoryMb: 512, imageMaxPixels: 100_000_000 },
  toolsModule: new URL('./hostile-tools.ts', import.meta.url).href,
  poolSize: 1,
  onSpawn: ({ pid }) => console.log(`sandbox ${pid}`),
});
const filePath = path.join(workDir, 'spin.txt');
writeFileSync(filePath, 'tekst');
const detected = await tools.detect({ path: filePath, filename: 'spin.txt' });
void tools.extract({ path: filePath, filename: 'spin.txt', detected }).catch(() => undefined);
setTimeout(() => console.log('spinning'), 300);
