import WebSocket from 'ws';

/**
 * One socket.io socket over a plain websocket, for benchmarks' receiving side: engine.io 4 packets
 * are a digit and a text ('0' open, '2' ping → '3' pong, '4' message), socket.io 5 packets inside
 * a message are a digit too ('0' connect, '1' disconnect, '2' event as a JSON array, '4' connect
 * error). Reconnects 1 s after a close, as socket.io-client would. `onEvent(text)` receives each
 * event frame undecoded ('42["name",payload]'): the caller parses only the frames it times, where
 * socket.io-client decodes every frame of every socket (~20 µs each, bench/README.md fanout), a
 * cost a browser holding one socket never has and that lands inside the figures of a benchmark
 * running on the machine it measures.
 *
 * Answers `{ socket, ready }`: `ready` settles once connected (true) or refused (false);
 * `socket.close()` ends it. `on.connectError()` and `on.disconnect(reason)` are told of failures.
 */
export function openRawSocketIo({ url, token, onEvent, on = {} }) {
  const endpoint = `${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket&token=${encodeURIComponent(token)}`;
  const socket = {
    connected: false,
    closed: false,
    ws: undefined,
    close() {
      this.closed = true;
      this.ws?.close();
    },
  };
  const ready = new Promise((resolve) => {
    let settled = false;
    const settle = (connected) => {
      if (settled) return;
      settled = true;
      resolve(connected);
    };
    const connect = () => {
      const ws = new WebSocket(endpoint, { perMessageDeflate: false });
      socket.ws = ws;
      ws.on('message', (data) => {
        const text = data.toString();
        if (text.startsWith('42')) onEvent(text);
        else if (text === '2') ws.send('3');
        else if (text.startsWith('0')) ws.send('40');
        else if (text.startsWith('40')) {
          socket.connected = true;
          settle(true);
        } else if (text.startsWith('44')) {
          on.connectError?.();
          settle(false);
        } else if (text.startsWith('41')) on.disconnect?.('io server disconnect');
      });
      ws.on('error', () => undefined);
      ws.on('close', () => {
        if (socket.connected) on.disconnect?.('transport close');
        else if (!settled) on.connectError?.();
        socket.connected = false;
        settle(false);
        if (!socket.closed) setTimeout(connect, 1000);
      });
    };
    connect();
  });
  return { socket, ready };
}
