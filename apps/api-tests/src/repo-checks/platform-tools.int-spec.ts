import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import nodemailer from 'nodemailer';
import { REPO_ROOT } from '@atrium/testing';

/**
 * The pieces of `npm start` (tools/), against real sockets: the mail catcher a person reads
 * password-reset codes from, the web app's static server, the infrastructure probes and the
 * one-line refusal when a server is missing. The whole start is exercised by apps/e2e.
 */

interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}
interface Stoppable {
  port: number;
  stop(): Promise<void>;
}

async function tool<T>(relativePath: string): Promise<T> {
  const modulePath: string = path.join(REPO_ROOT, 'tools', relativePath);
  return (await import(modulePath)) as T;
}

describe('npm start tools', () => {
  describe('development mail catcher', () => {
    it('hands over recipient, subject and plain text of a nodemailer message', async () => {
      const { startMailCatcher } = await tool<{ startMailCatcher(o: { port: number; onMail(m: CaughtMail): void }): Promise<Stoppable> }>(
        'lib/dev-mail.mjs',
      );
      const caught: CaughtMail[] = [];
      let received!: () => void;
      const arrived = new Promise<void>((resolve) => (received = resolve));
      const catcher = await startMailCatcher({ port: 0, onMail: (mail) => (caught.push(mail), received()) });
      try {
        const transport = nodemailer.createTransport({ host: '127.0.0.1', port: catcher.port, secure: false, ignoreTLS: true });
        await transport.sendMail({
          from: 'Atrium <no-reply@atrium.local>',
          to: 'Agent@Example.com',
          subject: 'Atrium — código para redefinir sua senha',
          text: 'Olá, Ana.\n\nSeu código para redefinir a senha é: 490054\n',
          html: '<p>Olá, Ana.</p><p>Seu código é <b>490054</b></p>',
        });
        await arrived;
      } finally {
        await catcher.stop();
      }
      expect(caught).toEqual([
        expect.objectContaining({
          to: ['agent@example.com'],
          subject: 'Atrium — código para redefinir sua senha',
          text: 'Olá, Ana.\n\nSeu código para redefinir a senha é: 490054',
        }),
      ]);
    });
  });

  describe('static server of the web app', () => {
    /** Big enough to be worth compressing (the build step skips files under 1 KB). */
    const BIG_SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, index) => `{ id: ${index}, name: 'row ${index}' }`).join(', ')}];\n`;
    let root: string;
    let server: Stoppable;
    let precompressed: string[];
    /** Raw bytes and headers, undecoded (fetch would decompress and hide what was sent). */
    const rawGet = (urlPath: string, acceptEncoding?: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const request = http.get(
          { host: '127.0.0.1', port: server.port, path: urlPath, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
          },
        );
        request.on('error', reject);
      });
    const get = (urlPath: string) => fetch(`http://127.0.0.1:${server.port}${urlPath}`);

    beforeAll(async () => {
      root = mkdtempSync(path.join(os.tmpdir(), 'atrium-web-'));
      mkdirSync(path.join(root, 'assets'));
      writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Atrium</title>');
      writeFileSync(path.join(root, 'assets', 'app-1234.js'), 'console.log(1)');
      writeFileSync(path.join(root, 'assets', 'big-5678.js'), BIG_SCRIPT);
      const { precompressFolder } = await tool<{ precompressFolder(root: string): Promise<{ file: string }[]> }>('lib/precompress.mjs');
      precompressed = (await precompressFolder(root)).map((written) => written.file).sort();
      writeFileSync(path.join(os.tmpdir(), 'atrium-outside.txt'), 'secret');
      const { startStaticServer } = await tool<{ startStaticServer(o: object): Promise<Stoppable> }>('lib/static-server.mjs');
      server = await startStaticServer({ root, port: 0, generated: { '/config.js': 'window.ATRIUM_CONFIG = { apiUrl: "x" };' } });
    });
    afterAll(async () => {
      await server.stop();
      rmSync(root, { recursive: true, force: true });
      rmSync(path.join(os.tmpdir(), 'atrium-outside.txt'), { force: true });
    });

    it('serves client-side routes with index.html', async () => {
      const response = await get('/tickets/12');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toContain('<title>Atrium</title>');
    });

    it('serves hashed assets with their type and a long cache', async () => {
      const response = await get('/assets/app-1234.js');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/javascript');
      expect(response.headers.get('cache-control')).toContain('immutable');
    });

    it('writes .br and .gz beside files worth compressing at build time, not beside tiny ones', () => {
      expect(precompressed).toEqual(['assets/big-5678.js.br', 'assets/big-5678.js.gz']);
    });

    it('sends the brotli file to a browser that takes it, with the type, encoding, Vary and long cache', async () => {
      const { headers, body } = await rawGet('/assets/big-5678.js', 'gzip, deflate, br, zstd');
      expect(headers['content-encoding']).toBe('br');
      expect(headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(headers.vary).toBe('Accept-Encoding');
      expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(headers['content-length'])).toBe(body.length);
      expect(body.length).toBeLessThan(BIG_SCRIPT.length / 4);
      expect(zlib.brotliDecompressSync(body).toString()).toBe(BIG_SCRIPT);
    });

    it('sends gzip to a client without brotli (or refusing it), and the plain file to one taking neither', async () => {
      for (const acceptEncoding of ['gzip, deflate', 'br;q=0, gzip']) {
        const { headers, body } = await rawGet('/assets/big-5678.js', acceptEncoding);
        expect(headers['content-encoding']).toBe('gzip');
        expect(zlib.gunzipSync(body).toString()).toBe(BIG_SCRIPT);
      }
      const plain = await rawGet('/assets/big-5678.js');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('Accept-Encoding');
      expect(plain.body.toString()).toBe(BIG_SCRIPT);
      const small = await rawGet('/assets/app-1234.js', 'br, gzip');
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.body.toString()).toBe('console.log(1)');
    });

    it('serves the generated runtime config instead of a file', async () => {
      const response = await get('/config.js');
      expect(await response.text()).toBe('window.ATRIUM_CONFIG = { apiUrl: "x" };');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    });

    it('answers 404 for a missing file and never serves outside its folder', async () => {
      expect((await get('/assets/missing.js')).status).toBe(404);
      expect((await get('/..%2fatrium-outside.txt')).status).toBe(404);
      expect((await get('/%2e%2e/atrium-outside.txt')).status).toBe(404);
    });
  });

  describe('infrastructure probes', () => {
    it('tells NATS from Redis on their default ports and sees a closed port as absent', async () => {
      const probe = await tool<{
        natsAnswers(h: string, p: number): Promise<boolean>;
        redisAnswers(h: string, p: number): Promise<boolean>;
        freePorts(n: number): Promise<number[]>;
      }>('lib/probe.mjs');
      const [closed] = await probe.freePorts(1);
      expect(await probe.natsAnswers('127.0.0.1', 4222)).toBe(true);
      expect(await probe.redisAnswers('127.0.0.1', 6379)).toBe(true);
      expect(await probe.redisAnswers('127.0.0.1', 4222)).toBe(false);
      expect(await probe.natsAnswers('127.0.0.1', 6379)).toBe(false);
      expect(await probe.natsAnswers('127.0.0.1', closed!)).toBe(false);
    });
  });

  describe('load balancer in front of several gateways', () => {
    interface Balancer extends Stoppable {
      connectionsTo(): Record<string, number>;
      refusedBy(): Record<string, number>;
    }

    it('takes the targets in turn, one TCP connection each, and skips one that refuses', async () => {
      const { startLoadBalancer } = await tool<{ startLoadBalancer(o: object): Promise<Balancer> }>('lib/load-balancer.mjs');
      const servers = await Promise.all(
        [0, 1].map(
          () =>
            new Promise<http.Server>((resolve) => {
              const server = http.createServer((_request, response) => response.end(String((server.address() as net.AddressInfo).port)));
              server.listen(0, '127.0.0.1', () => resolve(server));
            }),
        ),
      );
      const ports = servers.map((server) => (server.address() as net.AddressInfo).port);
      const balancer = await startLoadBalancer({ port: 0, targets: () => ports });
      const answer = async () => (await fetch(`http://127.0.0.1:${balancer.port}/`, { headers: { connection: 'close' } })).text();
      try {
        const first = [await answer(), await answer(), await answer(), await answer()];
        expect(new Set(first)).toEqual(new Set(ports.map(String)));
        expect(first[0]).not.toBe(first[1]);
        await new Promise((resolve) => servers[0]!.close(resolve));
        const after = [await answer(), await answer(), await answer()];
        expect(after).toEqual([String(ports[1]), String(ports[1]), String(ports[1])]);
        expect(balancer.refusedBy()[ports[0]!]).toBeGreaterThan(0);
      } finally {
        await balancer.stop();
        servers[1]!.closeAllConnections();
        await new Promise((resolve) => servers[1]!.close(resolve));
      }
    });
  });

  describe('startPlatform refusals', () => {
    type Start = (options: object) => Promise<unknown>;
    let startPlatform: Start;
    let freePorts: (n: number) => Promise<number[]>;

    beforeAll(async () => {
      ({ startPlatform, freePorts } = await tool<{ startPlatform: Start; freePorts(n: number): Promise<number[]> }>('platform.mjs'));
    });

    it('names the missing server and the command that starts it, in one line', async () => {
      const [closed] = await freePorts(1);
      await expect(startPlatform({ redisUrl: `redis://127.0.0.1:${closed}`, build: false, log: () => {} })).rejects.toThrow(
        new RegExp(`^Redis does not answer on 127\\.0\\.0\\.1:${closed}; start it with: redis-server --daemonize yes .*$`),
      );
    });

    it('refuses to start on a port that is already taken', async () => {
      const blocker = net.createServer();
      await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
      const taken = (blocker.address() as net.AddressInfo).port;
      const ports = await freePorts(3);
      try {
        await expect(
          startPlatform({
            build: false,
            apps: ['identity'],
            ports: { gateway: taken, identity: ports[0], web: ports[1], smtp: ports[2] },
            log: () => {},
          }),
        ).rejects.toThrow(`port ${taken} (gateway) already in use`);
      } finally {
        await new Promise((resolve) => blocker.close(resolve));
      }
    });

    it('says why a migration failed: its output is in the message (a test runner shows no other field)', async () => {
      const [closed, gateway, identity, smtp] = await freePorts(4);
      await expect(
        startPlatform({
          build: false,
          web: false,
          apps: ['identity'],
          ports: { gateway, identity, smtp },
          database: 'atrium_platform_tools_migrate',
          dropDatabaseOnStop: true,
          env: { DATABASE_MIGRATION_URL: `postgres://postgres@127.0.0.1:${closed}/nowhere` },
          log: () => {},
        }),
      ).rejects.toThrow(
        new RegExp(`identity: .*migrate\` failed \\(exit code 1\\); its output:\\n[\\s\\S]*ECONNREFUSED 127\\.0\\.0\\.1:${closed}`),
      );
    });
  });
});
