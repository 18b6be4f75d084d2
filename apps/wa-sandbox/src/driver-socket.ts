import type { Logger } from '@atrium/logging';
import type { SandboxClientFrame, SandboxServerFrame } from '@atrium/channel';
import type { Server } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import type { DriverLink, SandboxNetwork } from './network.js';
import { SandboxFailure } from './sandbox-failure.js';

const HEARTBEAT_MS = 15_000;
const MAX_FRAME_BYTES = 32 * 1024 * 1024;

class SocketLink implements DriverLink {
  alive = true;

  constructor(readonly socket: WebSocket) {}

  send(frame: SandboxServerFrame): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  close(): void {
    this.socket.close(1000);
  }

  terminate(): void {
    this.socket.terminate();
  }
}

function parse(data: unknown): SandboxClientFrame | null {
  try {
    const frame = JSON.parse(String(data)) as SandboxClientFrame;
    return typeof frame === 'object' && frame !== null && typeof frame.t === 'string' ? frame : null;
  } catch {
    return null;
  }
}

/** The websocket drivers connect to (`/ws`): frames of libs/channel's sandbox protocol. */
export function attachDriverSocket(server: Server, network: SandboxNetwork, logger: Logger): WebSocketServer {
  const wss = new WebSocketServer({ server, path: '/ws', maxPayload: MAX_FRAME_BYTES });
  const links = new Set<SocketLink>();

  wss.on('connection', (socket) => {
    const link = new SocketLink(socket);
    links.add(link);
    network.attach(link);
    socket.on('pong', () => (link.alive = true));
    socket.on('close', () => {
      links.delete(link);
      network.detach(link);
    });
    socket.on('error', (error) => logger.debug({ err: error }, 'driver socket error'));
    socket.on('message', (data) => {
      const frame = parse(data);
      if (!frame) return;
      void handle(link, frame);
    });
  });

  async function handle(link: SocketLink, frame: SandboxClientFrame): Promise<void> {
    try {
      switch (frame.t) {
        case 'hello':
          network.hello(link, String(frame.session).slice(0, 200), frame.device);
          return;
        case 'pairing-code':
          network.requestPairingCode(link, frame.phoneNumber);
          return;
        case 'received':
          network.received(link, Array.isArray(frame.ids) ? frame.ids : []);
          return;
        case 'request': {
          const { t: _t, rid, ...request } = frame;
          try {
            link.send({ t: 'response', rid, ok: true, result: await network.request(link, request) });
          } catch (error) {
            const failure = error instanceof SandboxFailure ? error : new SandboxFailure('failed', 'request failed');
            link.send({ t: 'response', rid, ok: false, error: failure.reason, message: failure.message });
          }
          return;
        }
      }
    } catch (error) {
      logger.debug({ err: error, frame: frame.t }, 'driver frame refused');
    }
  }

  // A driver whose process died without closing its socket is noticed within two heartbeats.
  const heartbeat = setInterval(() => {
    for (const link of links) {
      if (!link.alive) {
        link.terminate();
        continue;
      }
      link.alive = false;
      link.socket.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  wss.on('close', () => clearInterval(heartbeat));
  return wss;
}
