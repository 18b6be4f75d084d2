import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { GatewayConfig } from '../config.js';

/** The options of the socket.io copy Nest's adapter runs (it pins its own version). */
type IoServerOptions = NonNullable<Parameters<IoAdapter['createIOServer']>[1]>;
type IoServer = ReturnType<IoAdapter['createIOServer']>;

/** Spec 000 section 9: socket ping timeout and interval. */
export const SOCKET_PING_MS = 18_000;

/**
 * socket.io server options: websocket, plus long polling when SOCKET_POLLING is on (docs/adr/010),
 * the spec's ping timings, CORS for the web app.
 */
export function socketServerOptions(config: Pick<GatewayConfig, 'WEB_ORIGINS' | 'SOCKET_POLLING'>): Partial<IoServerOptions> {
  return {
    transports: config.SOCKET_POLLING ? ['polling', 'websocket'] : ['websocket'],
    pingInterval: SOCKET_PING_MS,
    pingTimeout: SOCKET_PING_MS,
    cors: { origin: config.WEB_ORIGINS.split(',').map((origin) => origin.trim()), credentials: true },
    // No recovery of missed packets across reconnects: the client reloads its lists on reconnect.
    connectionStateRecovery: undefined,
  };
}

/** The socket.io adapter of the gateway: the server shares the HTTP API's port and takes its options from config. */
export class RealtimeIoAdapter extends IoAdapter {
  constructor(
    app: INestApplicationContext,
    private readonly config: GatewayConfig,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: IoServerOptions): IoServer {
    return super.createIOServer(port, { ...options, ...socketServerOptions(this.config) } as IoServerOptions);
  }
}
