import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { COMPRESSIBLE } from './precompress.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
};

/** Precompressed siblings (tools/lib/precompress.mjs writes them at build time), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
];

/** The encodings an Accept-Encoding header accepts (a q=0 refuses one; `*` accepts any). */
function acceptedEncodings(header) {
  const accepted = new Set();
  const refused = new Set();
  for (const part of String(header ?? '').split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    (q && Number(q.slice(2)) === 0 ? refused : accepted).add(token);
  }
  return ENCODINGS.filter(({ name }) => !refused.has(name) && (accepted.has(name) || accepted.has('*')));
}

/** The precompressed file to send instead of `found`, if the client takes one and it exists. */
async function encodedSibling(found, acceptEncoding) {
  for (const encoding of acceptedEncodings(acceptEncoding)) {
    const info = await stat(`${found.file}${encoding.suffix}`).catch(() => undefined);
    if (info?.isFile()) return { file: `${found.file}${encoding.suffix}`, size: info.size, encoding: encoding.name };
  }
  return undefined;
}

async function fileAt(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const file = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (file !== root && !file.startsWith(`${root}${path.sep}`)) return undefined;
  const info = await stat(file).catch(() => undefined);
  if (info?.isFile()) return { file, size: info.size };
  return undefined;
}

/**
 * Serves a built single-page app: files from `root`, and index.html for any other GET whose
 * last segment has no file extension (client-side routes such as /tickets/12). Hashed assets
 * (under /assets/) are cached for a year, index.html never. `generated` maps paths to
 * contents served instead of files (the runtime /config.js). A file with a precompressed
 * `.br`/`.gz` beside it is sent compressed to a client that accepts it (brotli first), with
 * Content-Encoding, the original's Content-Type and `Vary: Accept-Encoding`.
 */
export async function startStaticServer({ root, host = '127.0.0.1', port = 3000, generated = {} }) {
  const base = path.resolve(root);
  const server = http.createServer(async (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const urlPath = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (Object.hasOwn(generated, urlPath)) {
      const body = Buffer.from(generated[urlPath], 'utf8');
      response.writeHead(200, {
        'content-type': TYPES[path.extname(urlPath).toLowerCase()] ?? 'application/octet-stream',
        'content-length': body.length,
        'cache-control': 'no-cache',
      });
      response.end(request.method === 'HEAD' ? undefined : body);
      return;
    }
    let found = await fileAt(base, urlPath);
    if (!found && path.posix.extname(urlPath) === '') found = await fileAt(base, '/index.html');
    if (!found) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    const immutable = urlPath.startsWith('/assets/') && found.file !== path.join(base, 'index.html');
    const compressible = COMPRESSIBLE.has(path.extname(found.file).toLowerCase());
    const sent = (compressible && (await encodedSibling(found, request.headers['accept-encoding']))) || found;
    response.writeHead(200, {
      'content-type': TYPES[path.extname(found.file).toLowerCase()] ?? 'application/octet-stream',
      'content-length': sent.size,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
      ...(sent.encoding ? { 'content-encoding': sent.encoding } : {}),
      ...(compressible ? { vary: 'Accept-Encoding' } : {}),
    });
    if (request.method === 'HEAD') response.end();
    else createReadStream(sent.file).pipe(response);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    port: server.address().port,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
