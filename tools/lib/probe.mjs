import http from 'node:http';
import net from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

/**
 * Opens a TCP connection and resolves with the first bytes the server sends after `greeting`
 * (or '' when it sends nothing within the time), or null when nothing listens.
 */
export function talk(host, port, { greeting, timeoutMs = 1000 } = {}) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    let connected = false;
    let answer = '';
    const finish = (value) => {
      socket.destroy();
      resolve(value);
    };
    socket.setTimeout(timeoutMs, () => finish(connected ? answer : null));
    socket.once('connect', () => {
      connected = true;
      if (greeting) socket.write(greeting);
    });
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
      if (answer.includes('\n')) finish(answer);
    });
    socket.once('error', () => finish(null));
  });
}

/** Does anything accept TCP connections on host:port? */
export async function isListening(host, port) {
  return (await talk(host, port, { timeoutMs: 500 })) !== null;
}

/** Does a Redis server answer PING (an auth error still counts as Redis answering)? */
export async function redisAnswers(host, port) {
  const answer = await talk(host, port, { greeting: 'PING\r\n' });
  return answer !== null && /^(\+PONG|-NOAUTH|-ERR)/.test(answer);
}

/** Does a NATS server greet with INFO? */
export async function natsAnswers(host, port) {
  const answer = await talk(host, port);
  return answer !== null && answer.startsWith('INFO ');
}

/** host and port of a URL such as redis://127.0.0.1:6379, with the scheme's default port. */
export function hostAndPort(url, defaultPort) {
  const parsed = new URL(url);
  return { host: parsed.hostname.replace(/^\[(.*)\]$/, '$1') || '127.0.0.1', port: Number(parsed.port || defaultPort) };
}

/** GET url: resolves with { status, body } (body cut at 1 kB), rejects on a network error or after timeoutMs. */
export function httpGet(url, timeoutMs = 2000) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { timeout: timeoutMs }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        if (body.length < 1024) body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode, body: body.slice(0, 1024) }));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', reject);
  });
}

/**
 * Polls GET url until it answers 200. Rejects when `timeoutMs` passes or `abandon()` returns a
 * reason (e.g. the process behind it exited).
 */
export async function waitForHttpOk(url, { timeoutMs = 60_000, intervalMs = 250, abandon = () => undefined } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  for (;;) {
    const reason = abandon();
    if (reason) throw new Error(reason);
    try {
      const response = await httpGet(url);
      if (response.status === 200) return;
      last = `HTTP ${response.status}: ${response.body.slice(0, 300)}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s (last: ${last})`);
    await delay(intervalMs);
  }
}

/** Asks the OS for `count` free TCP ports on 127.0.0.1 (for tests that start the platform beside another). */
export async function freePorts(count) {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve, reject) => {
          const server = net.createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => server.address().port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}
