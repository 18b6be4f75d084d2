import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const contractsSrc = fileURLToPath(new URL('../../libs/contracts/src/', import.meta.url));

/**
 * The web app is plain static files (dist/). VITE_API_URL sets the gateway origin at build time;
 * public/config.js can override it at deploy time (see README).
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    // Only decorator-free files of the contracts are imported at runtime (deep paths);
    // everything else from '@atrium/contracts' is `import type`.
    alias: [{ find: /^@atrium\/contracts\/(.*)$/, replacement: `${contractsSrc}$1` }],
  },
  server: { port: 3000, strictPort: false },
  preview: { port: 3000 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
  },
});
