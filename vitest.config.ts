import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // the SDK from source, as tsconfig.json's paths has it (vitest does not read those)
    alias: { '@byggdok/sdk': fileURLToPath(new URL('./sdk/src/index.ts', import.meta.url)) },
  },
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts', 'sdk/test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default'],
  },
});
