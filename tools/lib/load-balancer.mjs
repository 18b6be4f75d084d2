import net from 'node:net';

/**
 * A local TCP load balancer in front of several gateways (what an ingress does in production):
 * each incoming connection goes to the next target in turn (round robin, no affinity), and
 * bytes flow both ways untouched, so HTTP keep-alive and WebSocket upgrades pass through as
 * they are. A target that refuses the connection (killed, restarting) is skipped and the next
 * one tried; a client is closed only when no target answers.
 *
 * No stickiness is needed because every client of the platform's own web app speaks socket.io
 * over the websocket transport only: one TCP connection per socket (docs/adr/010).
 *
 * `targets()` answers the ports to use now (asked for every connection: replicas come and go).
 */
export async function startLoadBalancer({ port, targets, targetHost = '127.0.0.1', connectTimeoutMs = 2000 }) {
  let next = 0;
  const open = new Set();
  const connectionsTo = new Map();
  const refusedBy = new Map();

  /** Tries the targets from `first` on, in order, until one accepts. */
  function connectUpstream(client, candidates, first, attempt) {
    if (attempt >= candidates.length) {
      client.destroy();
      return;
    }
    const target = candidates[(first + attempt) % candidates.length];
    const upstream = net.connect({ host: targetHost, port: target });
    upstream.setTimeout(connectTimeoutMs, () => upstream.destroy(new Error('connect timeout')));
    // before it connects, an error means this target is down: try the next one
    upstream.once('error', () => {
      refusedBy.set(target, (refusedBy.get(target) ?? 0) + 1);
      connectUpstream(client, candidates, first, attempt + 1);
    });
    upstream.once('connect', () => {
      upstream.setTimeout(0);
      upstream.removeAllListeners('error');
      connectionsTo.set(target, (connectionsTo.get(target) ?? 0) + 1);
      open.add(upstream);
      const close = () => {
        client.destroy();
        upstream.destroy();
      };
      upstream.on('error', close);
      client.on('error', close);
      upstream.once('close', () => {
        open.delete(upstream);
        connectionsTo.set(target, connectionsTo.get(target) - 1);
        client.destroy();
      });
      client.once('close', () => upstream.destroy());
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    });
  }

  const server = net.createServer({ pauseOnConnect: true }, (client) => {
    open.add(client);
    client.once('close', () => open.delete(client));
    client.on('error', () => client.destroy());
    const candidates = targets();
    if (candidates.length === 0) {
      client.destroy();
      return;
    }
    // the turn moves on when a connection arrives, not when it is made: connections arriving together spread too
    const first = next % candidates.length;
    next = first + 1;
    connectUpstream(client, candidates, first, 0);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    // no host: both 127.0.0.1 and ::1, as `localhost` may be either
    server.listen(port, () => resolve());
  });

  return {
    port: server.address().port,
    /** Open client connections per target port (a socket.io socket is one). */
    connectionsTo: () => Object.fromEntries(connectionsTo),
    /** Connections each target port refused (down or restarting), so the next one was tried. */
    refusedBy: () => Object.fromEntries(refusedBy),
    /** Stops listening and cuts every open connection. */
    stop() {
      for (const socket of open) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
