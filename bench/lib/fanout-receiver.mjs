// One receiving process of bench/fanout.mjs (forked by it, talks over IPC): opens its share of
// agent sockets, like the web app (websocket only, reconnecting), and times each `bench` message's
// appMessage create from the customer's send (its body carries the send's Date.now(): same machine,
// same clock). The parent says `{ type: 'open', urls, token, count, companyId, client }`, then
// `{ type: 'report' }`; this process answers `opened`, then `report` with its figures.
//
// Two clients (`client`): 'socket.io' is socket.io-client, as the web app; 'raw' speaks the same
// protocol (engine.io 4 over a websocket, socket.io 5 packets: open, connect, ping/pong, events,
// reconnecting after a close) with the `ws` package and decodes only the frames it times. One
// process holds thousands of sockets and decodes their frames one after the other, which a browser
// (one socket) never does: with socket.io-client that queue costs ~20 µs a frame, i.e. ~50 ms for
// a message's frames to 2 500 sockets, and sits inside every figure; the raw client's receipt is
// closer to the moment the frame reached the socket.
import { io } from 'socket.io-client';
import { openRawSocketIo } from './raw-socketio.mjs';

const sockets = [];
const latencies = [];
/** From the message's createdAt (its transaction's start in tickets) to the socket: the gateway's share, roughly. */
const fromStored = [];
const disconnects = {};
let frames = 0;
/** Frames received while measuring (any event). */
let framesMeasured = 0;
let received = 0;
/** Warm-up messages received (any socket), so the parent starts measuring once their frames are through. */
let warmed = 0;
let duplicates = 0;
let measuring = false;
let connectErrors = 0;
let cpuAtStart = process.cpuUsage();
const framesBySecond = new Map();

function countFrame() {
  frames += 1;
  if (measuring) framesMeasured += 1;
  const second = Math.floor(Date.now() / 1000);
  framesBySecond.set(second, (framesBySecond.get(second) ?? 0) + 1);
}

/** A message's appMessage create reached a socket (`seen`: the sequence numbers that socket had). */
function appMessageReceived(payload, seen) {
  if (payload?.action !== 'create') return;
  const body = payload.message?.body ?? '';
  if (body.startsWith('warm ')) warmed += 1;
  if (!measuring) return;
  if (!body.startsWith('bench ')) return;
  const [, seq, sentAt] = body.split(' ');
  if (seen.has(seq)) {
    duplicates += 1;
    return;
  }
  seen.add(seq);
  received += 1;
  const now = Date.now();
  latencies.push(now - Number(sentAt));
  fromStored.push(now - Date.parse(payload.message.createdAt));
}

function disconnected(reason) {
  disconnects[reason] = (disconnects[reason] ?? 0) + 1;
}

/** A raw socket (bench/lib/raw-socketio.mjs) that times its appMessage creates; answers a promise settled once connected (or refused). */
function openRaw({ url, token, companyId }) {
  const appMessage = `42["company-${companyId}-appMessage",`;
  const seen = new Set();
  const { socket, ready } = openRawSocketIo({
    url,
    token,
    onEvent: (text) => {
      countFrame();
      if (text.startsWith(appMessage)) appMessageReceived(JSON.parse(text.slice(2))[1], seen);
    },
    on: { connectError: () => (connectErrors += 1), disconnect: disconnected },
  });
  sockets.push(socket);
  return ready;
}

function open({ url, token, companyId, client }) {
  if (client === 'raw') return openRaw({ url, token, companyId });
  const socket = io(url, {
    transports: ['websocket'],
    query: { token },
    forceNew: true,
    reconnection: true,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
  });
  const seen = new Set();
  socket.onAny(countFrame);
  socket.on(`company-${companyId}-appMessage`, (payload) => appMessageReceived(payload, seen));
  socket.on('disconnect', disconnected);
  socket.on('connect_error', () => (connectErrors += 1));
  sockets.push(socket);
  return new Promise((resolve) => {
    const done = () => resolve();
    socket.once('connect', done);
    socket.once('connect_error', done);
  });
}

process.on('message', async (message) => {
  if (message.type === 'open') {
    const { urls, token, count, companyId, client, concurrency = 100 } = message;
    let next = 0;
    const worker = async () => {
      while (next < count) {
        const index = next;
        next += 1;
        await open({ url: urls[index % urls.length], token, companyId, client });
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    process.send({ type: 'opened', connected: sockets.filter((socket) => socket.connected).length });
  } else if (message.type === 'measure') {
    measuring = true;
    cpuAtStart = process.cpuUsage();
  } else if (message.type === 'count') {
    process.send({ type: 'count', received, warmed });
  } else if (message.type === 'report') {
    measuring = false;
    process.send({
      type: 'report',
      latencies,
      fromStored,
      received,
      duplicates,
      frames,
      framesMeasured,
      framesBySecond: [...framesBySecond.entries()],
      disconnects,
      connectErrors,
      cpuSeconds: (({ user, system }) => (user + system) / 1e6)(process.cpuUsage(cpuAtStart)),
      connected: sockets.filter((socket) => socket.connected).length,
    });
  } else if (message.type === 'close') {
    for (const socket of sockets) socket.close();
    process.exit(0);
  }
});
