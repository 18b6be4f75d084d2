import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const contractsSrc = fileURLToPath(new URL('../../libs/contracts/src/', import.meta.url));

const outDir = fileURLToPath(new URL('dist/', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The build helpers of the repository's tools (plain ESM, shared with npm start and the checks). */
interface BuildTools {
  barrelImports(options: { root: string }): Plugin;
  precompressFolder(root: string): Promise<unknown>;
}
const tools: BuildTools = {
  ...((await import(`${repoRoot}tools/lib/barrel-imports.mjs`)) as Pick<BuildTools, 'barrelImports'>),
  ...((await import(`${repoRoot}tools/lib/precompress.mjs`)) as Pick<BuildTools, 'precompressFolder'>),
};

/** Writes .br and .gz beside every text file of the build, for the static servers (nginx, npm start). */
function precompress(): Plugin {
  return {
    name: 'atrium-precompress',
    apply: 'build',
    async closeBundle() {
      await tools.precompressFolder(outDir);
    },
  };
}

/**
 * The web app is plain static files (dist/). VITE_API_URL sets the gateway origin at build time;
 * public/config.js can override it at deploy time (see README).
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tools.barrelImports({ root: repoRoot }), precompress()],
  resolve: {
    // Only decorator-free files of the contracts are imported at runtime (deep paths);
    // everything else from '@atrium/contracts' is `import type`.
    alias: [{ find: /^@atrium\/contracts\/(.*)$/, replacement: `${contractsSrc}$1` }],
  },
  server: { port: 3000, strictPort: false },
  preview: { port: 3000 },
  build: {
    outDir,
    emptyOutDir: true,
    // .vite/manifest.json: what each route loads (tools/lib/web-weight.mjs measures the login screen).
    manifest: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // Rolldown would otherwise move code that several lazy pages share into the entry chunk, so
      // the login screen would download it too (the Result illustrations, the ticket page's
      // helpers...). Shared code stays in shared chunks that the pages load.
      experimental: { chunkOptimization: { mergeCommonChunks: false } },
    },
  },
});
