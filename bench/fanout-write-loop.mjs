// The gateway's write loop alone (issue 17), without the platform: how long writing one event to
// N websockets costs in CPU (the time it holds the event loop on an idle core; CPU time, so the
// machine's load skews it little), with the socket.io copy the gateway runs, two ways:
// - `each`: socket.emit() per socket, as EventFanOut did before (the packet encoded again for every socket);
// - `broadcast`: nsp.to(ids).emit() per 1000 sockets, as SocketWriter does (the packet and its
//   websocket frame encoded once, the same bytes written to each socket);
// - `raw`: the floor, for reference: the frame built once and written straight to each socket's
//   TCP stream (no engine.io, no socket.io: not something the gateway could do).
// The clients are raw websockets in this process that only answer pings and count frames.
// Usage: node bench/fanout-write-loop.mjs [sockets=2000] [events=20] [rounds=3]
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { setImmediate } from 'node:timers';
import WebSocket, { Sender } from 'ws';
import { percentile } from './lib/timing.mjs';

const [socketCount, events, rounds] = [2000, 20, 3].map((fallback, i) => Number(process.argv[i + 2] ?? fallback));
// the socket.io the gateway runs is the one @nestjs/platform-socket.io pins
const require = createRequire(import.meta.url);
const { Server } = require(require.resolve('socket.io', { paths: [require.resolve('@nestjs/platform-socket.io')] }));

const http = createServer();
const io = new Server(http, { transports: ['websocket'] });
await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
const url = `ws://127.0.0.1:${http.address().port}/socket.io/?EIO=4&transport=websocket`;
let frames = 0;
const clients = [];
for (let i = 0; i < socketCount; i += 1) {
  const ws = new WebSocket(url);
  await new Promise((resolve) => ws.once('open', resolve));
  ws.send('40');
  ws.on('message', (data) => (data.length === 1 && data[0] === 0x32 ? ws.send('3') : (frames += 1)));
  clients.push(ws);
}
while (io.of('/').sockets.size < socketCount) await new Promise((resolve) => setTimeout(resolve, 20));
const sockets = [...io.of('/').sockets.values()];
const ids = sockets.map((socket) => socket.id);
// an appMessage create of about the size the tickets service publishes
const payload = {
  action: 'create',
  message: {
    id: 123456,
    body: 'x'.repeat(400),
    fromMe: false,
    read: false,
    mediaType: 'chat',
    createdAt: new Date().toISOString(),
    contact: { id: 3, name: 'Cliente 12', number: '5511966000012' },
  },
  ticket: {
    id: 987,
    status: 'pending',
    queueId: 1,
    userId: null,
    unreadMessages: 3,
    lastMessage: 'x'.repeat(100),
    contact: { id: 3, name: 'Cliente 12', number: '5511966000012' },
  },
};

const loops = { each: [], broadcast: [], raw: [] };
const frameOf = (data) =>
  Buffer.concat(Sender.frame(Buffer.from(data), { readOnly: false, mask: false, rsv1: false, opcode: 1, fin: true }));
for (let round = 0; round < rounds; round += 1) {
  for (const mode of round % 2 === 0 ? ['each', 'broadcast', 'raw'] : ['raw', 'broadcast', 'each']) {
    const before = frames;
    for (let event = 0; event < events; event += 1) {
      const began = process.cpuUsage();
      if (mode === 'each') for (const socket of sockets) socket.emit('company-1-appMessage', payload);
      else if (mode === 'broadcast')
        for (let i = 0; i < ids.length; i += 1000) io.to(ids.slice(i, i + 1000)).emit('company-1-appMessage', payload);
      else {
        const frame = frameOf('42' + JSON.stringify(['company-1-appMessage', payload]));
        for (const socket of sockets) socket.conn.transport.socket._socket.write(frame);
      }
      const { user, system } = process.cpuUsage(began);
      loops[mode].push((user + system) / 1000);
      await new Promise((resolve) => setImmediate(resolve));
    }
    while (frames - before < events * socketCount) await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
const summary = Object.fromEntries(
  Object.entries(loops).map(([mode, times]) => {
    const sorted = times.sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    return [
      mode,
      {
        'CPU per event, p50 ms': Number(p50.toFixed(1)),
        'p95 ms': Number(percentile(sorted, 95).toFixed(1)),
        'µs per socket (p50)': Number(((1000 * p50) / socketCount).toFixed(2)),
        'frames/s one core (p50)': Math.round((socketCount * 1000) / p50),
      },
    ];
  }),
);
console.log(
  `${socketCount} websockets, ${events} events × ${rounds} rounds per mode; load average ${(await import('node:os')).loadavg()[0].toFixed(1)}`,
);
console.table(summary);
for (const ws of clients) ws.terminate();
io.close();
