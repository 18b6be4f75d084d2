import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, type Logger } from '@atrium/logging';
import type { SandboxConfig } from './config.js';
import { startDemo } from './demo.js';
import { attachDriverSocket } from './driver-socket.js';
import { createHttpHandler } from './http-api.js';
import { SandboxNetwork } from './network.js';

export interface RunningSandbox {
  /** Base URL of the HTTP API. */
  url: string;
  /** The websocket the sandbox driver connects to. */
  wsUrl: string;
  port: number;
  network: SandboxNetwork;
  close(): Promise<void>;
}

/** Starts the simulated WhatsApp network (HTTP API + driver websocket). Used by main.ts and by tests. */
export async function startSandbox(
  config: Partial<SandboxConfig> = {},
  logger: Logger = createLogger({ service: 'wa-sandbox', level: config.LOG_LEVEL ?? 'info' }),
): Promise<RunningSandbox> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT ?? 8090, config.HOST ?? '0.0.0.0', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  const network = new SandboxNetwork({
    ackDelayMs: config.SANDBOX_ACK_DELAY_MS ?? 300,
    qrIntervalMs: config.SANDBOX_QR_INTERVAL_MS ?? 20_000,
    autoScanMs: config.SANDBOX_AUTO_SCAN_MS ?? 0,
    publicUrl: config.SANDBOX_PUBLIC_URL ?? url,
    historyLimit: config.SANDBOX_HISTORY_LIMIT ?? 500,
    conversationLimit: config.SANDBOX_CONVERSATION_LIMIT ?? 50_000,
    outboxLimit: config.SANDBOX_OUTBOX_LIMIT ?? 50_000,
    deleteWindowMs: config.SANDBOX_DELETE_WINDOW_MS ?? 216_000_000,
  });
  const handler = createHttpHandler(network, logger);
  server.on('request', (request, response) => void handler(request, response));
  const wss = attachDriverSocket(server, network, logger);
  const stopDemo = config.SANDBOX_DEMO ? startDemo(network, config.SANDBOX_DEMO_INTERVAL_MS ?? 30_000) : () => undefined;
  logger.info({ url, demo: config.SANDBOX_DEMO ?? false, autoScanMs: config.SANDBOX_AUTO_SCAN_MS ?? 0 }, 'wa-sandbox listening');

  return {
    url,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    port,
    network,
    async close() {
      stopDemo();
      network.close();
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
