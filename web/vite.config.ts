import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// served by the service under /app/; in development, `vite` proxies the API to a running `npm run dev`
export default defineConfig({
  base: '/app/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: {
    proxy: Object.fromEntries(
      ['/v1', '/auth', '/oidc', '/construction', '/integrations', '/blobs'].map((path) => [
        path,
        'http://localhost:3000',
      ]),
    ),
  },
});
