import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliBytes, gzipBytes } from './precompress.mjs';

/**
 * The most brotli-compressed JavaScript the login screen may download (bench/README.md "The web
 * app's weight"). 250 KB until issue 28 put single sign-on and two-factor login on that screen:
 * their components stay lazy chunks, but the screen's own code, texts and error texts for them
 * (and its route table's permission names) cost 1.4 KB; 252 KB holds it with little room.
 */
export const LOGIN_SCREEN_BUDGET_BYTES = 252_000;

/** The login screen's route module, as the Vite manifest names it (apps/web/src/routes/router.tsx). */
export const LOGIN_ROUTE_MODULE = 'src/features/auth/components/login.page.tsx';

function scriptsOfIndexHtml(html) {
  const sources = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]);
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((match) => match[1]);
  return [...sources, ...preloads].map((url) => url.replace(/^\//, ''));
}

/** Every chunk a manifest entry loads before it runs: its own file and its static imports, transitively. */
function staticClosure(manifest, key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest (is build.manifest on, and is the route lazy?)`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/**
 * What the browser downloads as JavaScript to show the login screen of the built web app in
 * `dist`: the entry script and modulepreloads of index.html, and the login route's chunk with
 * its static imports (from `.vite/manifest.json`), each file once; sizes raw, gzip and brotli
 * (the precompressed files the servers send). Sorted by brotli size, largest first.
 */
export async function loginScreenWeight(dist) {
  const html = await readFile(path.join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
  const files = new Set(scriptsOfIndexHtml(html));
  for (const file of staticClosure(manifest, LOGIN_ROUTE_MODULE)) files.add(file);
  const sizes = await Promise.all(
    [...files].map(async (file) => {
      const bytes = await readFile(path.join(dist, file));
      const [br, gz] = await Promise.all([brotliBytes(bytes), gzipBytes(bytes)]);
      return { file, raw: bytes.length, gzip: gz.length, brotli: br.length };
    }),
  );
  sizes.sort((a, b) => b.brotli - a.brotli);
  const total = (key) => sizes.reduce((sum, size) => sum + size[key], 0);
  return { files: sizes, raw: total('raw'), gzip: total('gzip'), brotli: total('brotli') };
}
