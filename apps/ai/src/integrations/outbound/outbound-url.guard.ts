import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses an integration URL must never reach (SSRF): this host, private networks, link-local
 * (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast, documentation and reserved
 * ranges, in IPv4 and IPv6. IPv4-mapped and NAT64 IPv6 addresses are checked as the IPv4 they carry.
 */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 address carries (`::ffff:a.b.c.d`, `64:ff9b::a.b.c.d`, either notation), or null. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const match = /^(?:::ffff:(?:0:)?|64:ff9b::)(.+)$/.exec(lower);
  if (!match) return null;
  const rest = match[1]!;
  if (isIP(rest) === 4) return rest;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(rest);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** Whether an IP address (v4 or v6) is one an integration may be sent to. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return false;
  if (family === 4) return !BLOCKED.check(bare, 'ipv4');
  const v4 = embeddedIpv4(bare);
  if (v4) return !BLOCKED.check(v4, 'ipv4');
  return !BLOCKED.check(bare, 'ipv6');
}

/** An address the guard refused: the URL's host resolves to (or is) a private, loopback or reserved address. */
export class OutboundRefused extends Error {}

/** A URL's hostname without IPv6 brackets, lower-cased, and its port (the scheme's default when absent). */
function target(url: URL): { host: string; port: string } {
  return { host: url.hostname.replace(/^\[|\]$/g, '').toLowerCase(), port: url.port || (url.protocol === 'https:' ? '443' : '80') };
}

/** Longest answer body read from an integration by default (a bigger one is a provider failure). */
const MAX_RESPONSE_BYTES = 1024 * 1024;

export interface GuardedRequest {
  method: 'POST' | 'GET' | 'PUT' | 'PATCH' | 'DELETE';
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
  /** Longest answer read (default 1 MB). */
  maxBytes?: number;
}

/**
 * The SSRF guard of the URLs company admins give the queue integrations (n8n/webhook and Typebot
 * `urlN8N`, a Dialogflow key file's `token_uri`): only http(s) without credentials in the URL,
 * never to a private, loopback, link-local or reserved address. `problem` checks a URL when it is
 * saved (scheme, IP literals, `localhost`); `fetch` checks again when sending, on every address the
 * name resolves to, inside the connection's own DNS lookup (so a name that changes its answer
 * between check and connect cannot slip through), and follows no redirect.
 *
 * `INTEGRATION_URL_ALLOWLIST` (comma-separated `host` or `host:port`) names the hosts exempt from
 * the address check: the local stand-ins of the tests and the `npm start` demo, or a receiver an
 * operator runs inside the private network on purpose.
 */
export class OutboundUrlGuard {
  private readonly allowed: Array<{ host: string; port: string | null }>;

  /** `resolve`: the DNS lookup (node:dns by default; tests give names their own answers). */
  constructor(
    allowList: string,
    private readonly resolve: Resolver = dnsLookup,
  ) {
    this.allowed = allowList
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter((entry) => entry !== '')
      .map((entry) => {
        const { hostname, port } = new URL(`http://${entry}`);
        return { host: hostname.replace(/^\[|\]$/g, ''), port: /:\d+$/.test(entry) ? port || '80' : null };
      });
  }

  /** Why `text` may not be an integration URL, or null when it may. */
  problem(text: string): string | null {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return 'must be a valid URL';
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http or https URL';
    if (url.username || url.password) return 'must not carry credentials';
    if (this.isAllowed(url)) return null;
    const { host } = target(url);
    if (host === 'localhost' || host.endsWith('.localhost')) return 'must not point to a private or local address';
    if (isIP(host) !== 0 && !isPublicAddress(host)) return 'must not point to a private or local address';
    return null;
  }

  /** POSTs (or GETs) `text` under the guard; answers a Response (3xx not followed). Throws OutboundRefused, or the network's error. */
  async fetch(text: string, init: GuardedRequest): Promise<Response> {
    const problem = this.problem(text);
    if (problem) throw new OutboundRefused(`the URL ${problem}`);
    const url = new URL(text);
    const allowed = this.isAllowed(url);
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<Response>((resolve, reject) => {
      const outgoing = request(
        url,
        {
          method: init.method,
          headers: init.body === undefined ? init.headers : { ...init.headers, 'content-length': String(Buffer.byteLength(init.body)) },
          signal: init.signal,
          // a connection of its own each time (no pooled socket outlives the call), opened on the checked address
          agent: false,
          lookup: connectionLookup(this.resolve, !allowed),
        },
        (incoming) => readResponse(incoming, init.maxBytes ?? MAX_RESPONSE_BYTES).then(resolve, reject),
      );
      outgoing.on('error', reject);
      outgoing.end(init.body);
    });
  }

  private isAllowed(url: URL): boolean {
    const { host, port } = target(url);
    return this.allowed.some((entry) => entry.host === host && (entry.port === null || entry.port === port));
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A DNS lookup as node:dns `lookup` and the `lookup` option of node:http take it. */
export type Resolver = (
  hostname: string,
  options: LookupOptions & { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/** The connection's DNS lookup: when `checked`, every address the name resolves to must be public. */
function connectionLookup(resolve: Resolver, checked: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = checked && addresses.some((candidate) => !isPublicAddress(candidate.address));
      if (refused || addresses.length === 0) return callback(new OutboundRefused(`${hostname} resolves to a private or local address`), []);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

async function readResponse(incoming: IncomingMessage, maxBytes: number): Promise<Response> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      incoming.destroy();
      throw new Error(`the answer is larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  const status = incoming.statusCode ?? 502;
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const noBody = status === 204 || status === 205 || status === 304 || status < 200;
  return new Response(noBody ? null : Buffer.concat(chunks), { status: status < 200 ? 502 : status, headers });
}
