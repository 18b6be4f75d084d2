import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; images, fonts and media are compressed already. */
export const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest', '.xml']);
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

/** Brotli at its highest quality, as a build step can afford (browsers decode it at the same speed). */
export function brotliBytes(buffer) {
  return brotli(buffer, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
    },
  });
}

export function gzipBytes(buffer) {
  return gzip(buffer, { level: zlib.constants.Z_BEST_COMPRESSION });
}

async function* filesUnder(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of a built folder (the web
 * app's dist), so nginx (gzip_static, the brotli rewrite in docker/web) and `npm start`'s static
 * server send them without compressing at request time. A copy that would not be smaller is not
 * written; the servers then send the file itself. Returns what was written.
 */
export async function precompressFolder(root) {
  const written = [];
  for await (const file of filesUnder(root)) {
    if (!COMPRESSIBLE.has(path.extname(file).toLowerCase())) continue;
    if ((await stat(file)).size < MIN_BYTES) continue;
    const original = await readFile(file);
    for (const [suffix, compress] of [
      ['.br', brotliBytes],
      ['.gz', gzipBytes],
    ]) {
      const compressed = await compress(original);
      if (compressed.length >= original.length) continue;
      await writeFile(`${file}${suffix}`, compressed);
      written.push({ file: `${path.relative(root, file)}${suffix}`, bytes: compressed.length, original: original.length });
    }
  }
  return written;
}
