import 'reflect-metadata';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import WebSocket from 'ws';
import { AppMetrics } from '@atrium/metrics';
import { FanOutMetrics } from './fan-out-metrics.js';
import { SocketWriter, type SocketWriterLimits } from './socket-writer.js';

/** A real socket.io server on a free port; its connected sockets by id. */
async function startServer(): Promise<{ http: HttpServer; io: Server; url: string; sockets: Map<string, Socket> }> {
  const http = createServer();
  const io = new Server(http, { transports: ['websocket'] });
  const sockets = new Map<string, Socket>();
  io.on('connection', (socket) => {
    sockets.set(socket.id, socket);
    socket.on('disconnect', () => sockets.delete(socket.id));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return { http, io, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, sockets };
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function client(url: string): Promise<ClientSocket> {
  const socket = connect(url, { transports: ['websocket'], forceNew: true, reconnection: false });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

describe('SocketWriter', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  const clients: ClientSocket[] = [];
  const limits: SocketWriterLimits = { maxBufferedFrames: 1000, maxBufferedBytes: 4 * 1024 * 1024, socketsPerTurn: 2 };

  beforeEach(async () => {
    server = await startServer();
  });

  afterEach(async () => {
    for (const socket of clients.splice(0)) socket.close();
    await new Promise((resolve) => server.io.close(resolve));
  });

  it('writes each event to every target, in order, across turns of a few sockets, and runs steps after what came before', async () => {
    for (let i = 0; i < 5; i += 1) clients.push(await client(server.url));
    await waitFor(() => server.sockets.size === 5, 'five sockets');
    const received = new Map<string, string[]>(clients.map((socket) => [socket.id!, []]));
    for (const socket of clients)
      socket.onAny((event: string, payload: { n: number }) => received.get(socket.id!)!.push(`${event}:${payload.n}`));
    const broadcasts: unknown[] = [];
    const adapter = server.io.of('/').adapter;
    const broadcast = adapter.broadcast.bind(adapter);
    adapter.broadcast = (packet, opts) => {
      broadcasts.push(packet);
      broadcast(packet, opts);
    };
    const writer = new SocketWriter<Socket>(limits, new FanOutMetrics(new AppMetrics('gateway', { defaultMetrics: false })), (error) => {
      throw error;
    });
    const targets = [...server.sockets.values()];
    const order: string[] = [];

    writer.emit('first', { n: 1 }, targets, performance.now());
    writer.run(() => order.push(`ran after ${writer.pending} pending`));
    writer.emit('second', { n: 2 }, targets.slice(0, 3), performance.now());
    // 5 sockets, 2 per turn: the first event is not fully written yet when the calls return
    expect(writer.pending).toBeGreaterThan(0);

    await waitFor(() => [...received.values()].reduce((sum, events) => sum + events.length, 0) === 8, 'eight deliveries');
    const expected = targets.map((socket, index) => [socket.id, index < 3 ? ['first:1', 'second:2'] : ['first:1']]);
    expect(Object.fromEntries(received)).toEqual(Object.fromEntries(expected));
    expect(order).toEqual(['ran after 1 pending']);
    // one encoding per turn: 3 turns for the first event (2 + 2 + 1 sockets), 2 for the second
    expect(broadcasts).toHaveLength(5);
  });

  it('writes events queued together for the same sockets in one TCP write per socket, in order', async () => {
    for (let i = 0; i < 4; i += 1) clients.push(await client(server.url));
    await waitFor(() => server.sockets.size === 4, 'four sockets');
    const received = new Map<string, string[]>(clients.map((socket) => [socket.id!, []]));
    for (const socket of clients)
      socket.onAny((event: string, payload: { n: number }) => received.get(socket.id!)!.push(`${event}:${payload.n}`));
    // every write the server makes to each client's TCP stream (a corked run of writes reaches the stream as one _writev)
    const writes = new Map<string, number>();
    for (const socket of server.sockets.values()) {
      const stream = (socket.conn as unknown as { transport: { socket: { _socket: Record<string, (...args: unknown[]) => unknown> } } })
        .transport.socket._socket;
      writes.set(socket.id, 0);
      for (const method of ['_write', '_writev']) {
        const original = stream[method]!.bind(stream);
        stream[method] = (...args: unknown[]) => {
          writes.set(socket.id, writes.get(socket.id)! + 1);
          return original(...args);
        };
      }
    }
    const writer = new SocketWriter<Socket>(
      { ...limits, socketsPerTurn: 3 },
      new FanOutMetrics(new AppMetrics('gateway', { defaultMetrics: false })),
      (error) => {
        throw error;
      },
    );
    const targets = () => [...server.sockets.values()];

    // a message's create and its ticket's update, off NATS in one read: each socket gets both in one write
    writer.emit('appMessage', { n: 1 }, targets(), performance.now());
    writer.emit('ticket', { n: 2 }, targets(), performance.now());
    await waitFor(() => [...received.values()].every((events) => events.length === 2), 'both events everywhere');
    expect([...received.values()]).toEqual(clients.map(() => ['appMessage:1', 'ticket:2']));
    expect([...writes.values()]).toEqual([1, 1, 1, 1]);

    // events for different sockets, or a turn apart, keep one write each
    writer.emit('appMessage', { n: 3 }, targets(), performance.now());
    writer.emit('ticket', { n: 4 }, targets().slice(0, 2), performance.now());
    await waitFor(() => [...received.values()].reduce((sum, events) => sum + events.length, 0) === 8 + 6, 'the next events');
    await new Promise((resolve) => setImmediate(resolve));
    writer.emit('appMessage', { n: 5 }, targets(), performance.now());
    await waitFor(() => [...received.values()].every((events) => events.at(-1) === 'appMessage:5'), 'the last event');
    expect([...received.values()]).toEqual(
      clients.map((_, index) =>
        index < 2
          ? ['appMessage:1', 'ticket:2', 'appMessage:3', 'ticket:4', 'appMessage:5']
          : ['appMessage:1', 'ticket:2', 'appMessage:3', 'appMessage:5'],
      ),
    );
    expect([...writes.values()]).toEqual([4, 4, 3, 3]);
  });

  it('drops a socket whose client stops reading once it holds more than its bound, counts it, and keeps writing to the others', async () => {
    const reader = await client(server.url);
    clients.push(reader);
    // a raw engine.io/socket.io client that connects, then never reads again
    const port = new URL(server.url).port;
    const stalled = new WebSocket(`ws://127.0.0.1:${port}/socket.io/?EIO=4&transport=websocket`);
    await new Promise((resolve) => stalled.once('open', resolve));
    stalled.send('40');
    await waitFor(() => server.sockets.size === 2, 'the stalled client connected');
    const stalledSocket = [...server.sockets.values()].find((socket) => socket.id !== reader.id)!;
    (stalled as unknown as { _socket: { pause(): void } })._socket.pause();
    let disconnectReason = '';
    stalledSocket.once('disconnect', (reason) => (disconnectReason = reason));

    const appMetrics = new AppMetrics('gateway', { defaultMetrics: false });
    const metrics = new FanOutMetrics(appMetrics);
    const writer = new SocketWriter<Socket>({ ...limits, maxBufferedBytes: 256 * 1024, socketsPerTurn: 100 }, metrics, (error) => {
      throw error;
    });
    let got = 0;
    reader.on('big', () => (got += 1));
    const payload = { text: 'x'.repeat(64 * 1024) };
    let sent = 0;
    // what loopback's kernel buffers take first is not held by the gateway; then the websocket's write stays
    // pending and engine.io buffers the packets: write until a bound (here its 1000 frames) is passed
    while (!stalledSocket.disconnected && sent < 5000) {
      writer.emit('big', payload, [...server.sockets.values()], performance.now());
      sent += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(stalledSocket.disconnected).toBe(true);
    expect(disconnectReason).toBe('forced close');
    const droppedSeries = (await appMetrics.registry.getSingleMetric('gateway_socket_dropped_total')!.get()).values;
    const dropped = droppedSeries.reduce((sum, series) => sum + series.value, 0);
    expect(dropped).toBe(1);
    await waitFor(() => got === sent, 'the reading client got every event');
    stalled.terminate();
  });
});
