import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isPublicAddress, OutboundRefused, OutboundUrlGuard, type Resolver } from './outbound-url.guard.js';

/** A resolver answering names from a table (what a name resolves to is the attacker's choice). */
const resolverOf =
  (table: Record<string, string[]>): Resolver =>
  (hostname, _options, callback) => {
    const addresses = table[hostname];
    if (!addresses) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  };

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    'fc00::abcd',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::10.0.0.1',
    'not an address',
  ])('refuses %s', (address) => expect(isPublicAddress(address)).toBe(false));

  it.each(['8.8.8.8', '93.184.216.34', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('accepts %s', (address) =>
    expect(isPublicAddress(address)).toBe(true),
  );
});

describe('OutboundUrlGuard.problem (when a URL is saved)', () => {
  const guard = new OutboundUrlGuard('');

  it.each([
    ['ftp://files.example.com/x', 'must be an http or https URL'],
    ['file:///etc/passwd', 'must be an http or https URL'],
    ['gopher://example.com', 'must be an http or https URL'],
    ['not a url', 'must be a valid URL'],
    ['https://user:secret@hooks.example.com/x', 'must not carry credentials'],
    ['http://127.0.0.1:5678/webhook', 'must not point to a private or local address'],
    ['http://2130706433/', 'must not point to a private or local address'],
    ['http://0x7f.1/', 'must not point to a private or local address'],
    ['http://localhost:5678/webhook', 'must not point to a private or local address'],
    ['http://api.localhost/', 'must not point to a private or local address'],
    ['http://10.1.2.3/hook', 'must not point to a private or local address'],
    ['http://169.254.169.254/latest/meta-data/', 'must not point to a private or local address'],
    ['http://[::1]:8080/', 'must not point to a private or local address'],
    ['http://[::ffff:127.0.0.1]/', 'must not point to a private or local address'],
  ])('%s: %s', (url, problem) => expect(guard.problem(url)).toBe(problem));

  it('accepts public http(s) URLs, by name or address', () => {
    expect(guard.problem('https://n8n.example.com/webhook/abc')).toBeNull();
    expect(guard.problem('http://93.184.216.34:8080/hook')).toBeNull();
  });

  it('the allow-list exempts a host, on one port or on all', () => {
    const allowing = new OutboundUrlGuard(' 127.0.0.1:8093 , localhost, [::1]:9000');
    expect(allowing.problem('http://127.0.0.1:8093/webhook/x')).toBeNull();
    expect(allowing.problem('http://127.0.0.1:8094/webhook/x')).toBe('must not point to a private or local address');
    expect(allowing.problem('http://localhost:1234/')).toBeNull();
    expect(allowing.problem('http://[::1]:9000/')).toBeNull();
    expect(allowing.problem('http://[::1]:9001/')).toBe('must not point to a private or local address');
    expect(allowing.problem('ftp://127.0.0.1:8093/')).toBe('must be an http or https URL');
  });
});

describe('OutboundUrlGuard.fetch (when sending)', () => {
  let server: Server;
  let port: number;
  const received: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      received.push(`${request.method} ${request.url}`);
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        if (request.url === '/redirect') {
          response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ echo: body }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => void received.splice(0));

  const post = (guard: OutboundUrlGuard, url: string) =>
    guard.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
      signal: AbortSignal.timeout(5000),
    });

  it('refuses a name that resolves to a loopback or private address, before any byte is sent', async () => {
    const guard = new OutboundUrlGuard(
      '',
      resolverOf({
        'hooks.example.test': ['127.0.0.1'],
        'mixed.example.test': ['93.184.216.34', '10.0.0.7'],
        'v6.example.test': ['::ffff:127.0.0.1'],
      }),
    );
    await expect(post(guard, `http://hooks.example.test:${port}/hook`)).rejects.toBeInstanceOf(OutboundRefused);
    await expect(post(guard, `http://mixed.example.test:${port}/hook`)).rejects.toThrow('resolves to a private or local address');
    await expect(post(guard, `http://v6.example.test:${port}/hook`)).rejects.toBeInstanceOf(OutboundRefused);
    await expect(post(guard, `http://127.0.0.1:${port}/hook`)).rejects.toThrow('the URL must not point to a private or local address');
    expect(received).toEqual([]);
  });

  it('sends to an allow-listed host (by name or address) and answers its reply; a redirect is answered, not followed', async () => {
    const guard = new OutboundUrlGuard(
      `127.0.0.1:${port},receiver.example.test:${port}`,
      resolverOf({ 'receiver.example.test': ['127.0.0.1'] }),
    );
    const direct = await post(guard, `http://127.0.0.1:${port}/hook`);
    expect(direct.status).toBe(200);
    expect(await direct.json()).toEqual({ echo: '{"a":1}' });
    expect((await post(guard, `http://receiver.example.test:${port}/named`)).status).toBe(200);
    const redirect = await post(guard, `http://127.0.0.1:${port}/redirect`);
    expect(redirect.status).toBe(302);
    expect(redirect.ok).toBe(false);
    expect(received).toEqual(['POST /hook', 'POST /named', 'POST /redirect']);
  });
});
