import http from 'node:http';
import { performance } from 'node:perf_hooks';

/**
 * Sends `rate` requests a second for `seconds`, evenly spaced (request i is due at start + i/rate),
 * over at most `sockets` keep-alive connections, whatever the answers' pace (an open loop: a slow
 * answer does not delay the requests after it). A request's latency runs from when it was due, so
 * the wait for a free connection counts too. autocannon's `overallRate` is not this: each of its
 * connections sends its share at the start of every second, all connections together, so the
 * requests arrive in one burst a second.
 *
 * `request(i)` answers `{ path, headers, body }`; `onAnswer(i, status)` is called on each answer.
 * Answers `{ latencies (ms, ascending), answered, failed, elapsedMs }` once every request was
 * answered or failed (`timeoutMs` each).
 */
export async function openLoop({ url, rate, seconds, sockets, request, onAnswer = () => {}, timeoutMs = 30_000 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const { hostname, port } = new URL(url);
  const total = Math.round(rate * seconds);
  const latencies = [];
  let answered = 0;
  let failed = 0;
  let lastAnswer = 0;
  const pending = [];
  const start = performance.now() + 20;
  const send = (i, due) =>
    new Promise((resolve) => {
      const { path, headers, body } = request(i);
      const req = http.request(
        {
          hostname,
          port,
          path,
          method: 'POST',
          agent,
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
          timeout: timeoutMs,
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            lastAnswer = performance.now();
            latencies.push(lastAnswer - due);
            answered += 1;
            onAnswer(i, res.statusCode);
            resolve();
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        failed += 1;
        resolve();
      });
      req.end(body);
    });
  await new Promise((resolve) => {
    let next = 0;
    const tick = () => {
      const now = performance.now();
      for (; next < total && start + (next * 1000) / rate <= now; next += 1) pending.push(send(next, start + (next * 1000) / rate));
      if (next < total) setTimeout(tick, Math.max(0, start + (next * 1000) / rate - performance.now()));
      else resolve();
    };
    setTimeout(tick, Math.max(0, start - performance.now()));
  });
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { latencies, answered, failed, elapsedMs: lastAnswer - start };
}
