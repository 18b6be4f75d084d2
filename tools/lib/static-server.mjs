import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';

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
 * contents served instead of files (the runtime /config.js).
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
    response.writeHead(200, {
      'content-type': TYPES[path.extname(found.file).toLowerCase()] ?? 'application/octet-stream',
      'content-length': found.size,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    if (request.method === 'HEAD') response.end();
    else createReadStream(found.file).pipe(response);
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
