import { createLogger } from '@atrium/logging';
import type { SandboxDevice, SandboxServerFrame } from '@atrium/channel';
import WebSocket from 'ws';
import { DEMO_CUSTOMERS } from './demo.js';
import { derivedNumber } from './network.js';
import { startSandbox, type RunningSandbox } from './sandbox.js';

type Frame = SandboxServerFrame;

/** A bare protocol client: what the sandbox driver does, frame by frame. */
class TestDriver {
  readonly frames: Frame[] = [];
  private waiters: Array<{ match: (f: Frame) => boolean; resolve: (f: Frame) => void }> = [];
  private rid = 0;
  readonly closed: Promise<void>;
  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Frame;
      this.frames.push(frame);
      this.waiters = this.waiters.filter((w) => (w.match(frame) ? (w.resolve(frame), false) : true));
    });
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
  }

  static async connect(sandbox: RunningSandbox, session: string, device?: SandboxDevice): Promise<TestDriver> {
    const socket = new WebSocket(sandbox.wsUrl);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const driver = new TestDriver(socket);
    driver.send({ t: 'hello', session, device });
    return driver;
  }

  send(frame: object): void {
    this.socket.send(JSON.stringify(frame));
  }

  /** The first frame (already received or next) that matches. */
  next<T extends Frame['t']>(
    t: T,
    where: (f: Extract<Frame, { t: T }>) => boolean = () => true,
    timeoutMs = 3000,
  ): Promise<Extract<Frame, { t: T }>> {
    const match = (f: Frame) => f.t === t && where(f as Extract<Frame, { t: T }>);
    const seen = this.frames.find(match);
    if (seen) return Promise.resolve(seen as Extract<Frame, { t: T }>);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no ${t} frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames.map((f) => f.t))}`)),
        timeoutMs,
      );
      this.waiters.push({ match, resolve: (f) => (clearTimeout(timer), resolve(f as Extract<Frame, { t: T }>)) });
    });
  }

  async request(request: object): Promise<Extract<Frame, { t: 'response' }>> {
    const rid = ++this.rid;
    this.send({ t: 'request', rid, ...request });
    return this.next('response', (f) => f.rid === rid);
  }

  events(): Array<Extract<Frame, { t: 'event' }>> {
    return this.frames.filter((f): f is Extract<Frame, { t: 'event' }> => f.t === 'event');
  }

  close(): void {
    this.socket.close();
  }
}

async function api<T = Record<string, unknown>>(
  sandbox: RunningSandbox,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(sandbox.url + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

const quiet = createLogger({ service: 'wa-sandbox', level: 'silent' });

/** A driver scanned in: its number and stored device. */
async function pairedDriver(sandbox: RunningSandbox, session: string, number?: string) {
  const driver = await TestDriver.connect(sandbox, session);
  const { qr } = await driver.next('qr');
  const scan = await api<{ number: string }>(sandbox, 'POST', '/scan', { qr, number });
  expect(scan.status).toBe(200);
  const paired = await driver.next('paired');
  await driver.next('connected');
  return { driver, number: paired.number, device: paired.device };
}

describe('wa-sandbox', () => {
  let sandbox: RunningSandbox;
  const drivers: TestDriver[] = [];
  const track = <T extends { driver: TestDriver } | TestDriver>(value: T): T => {
    drivers.push(value instanceof TestDriver ? value : value.driver);
    return value;
  };

  beforeAll(async () => {
    sandbox = await startSandbox({ PORT: 0, HOST: '127.0.0.1', SANDBOX_ACK_DELAY_MS: 50, SANDBOX_QR_INTERVAL_MS: 300 }, quiet);
  });
  afterEach(() => {
    for (const driver of drivers.splice(0)) driver.close();
  });
  afterAll(() => sandbox.close());

  it('shows a new session a QR code first, and pairs it when that code is scanned', async () => {
    const driver = track(await TestDriver.connect(sandbox, 'pair-test'));
    const { qr } = await driver.next('qr');
    expect(qr).toMatch(/^sandbox-qr:/);
    const scan = await api(sandbox, 'POST', '/scan', { qr, number: '5511912340001' });
    expect(scan).toEqual({ status: 200, body: { number: '5511912340001' } });
    const paired = await driver.next('paired');
    expect(paired).toMatchObject({ number: '5511912340001', device: { id: expect.any(String), secret: expect.any(String) } });
    expect(await driver.next('connected')).toEqual({ t: 'connected', number: '5511912340001' });
    const sessions = await api<unknown[]>(sandbox, 'GET', '/sessions');
    expect(sessions.body).toContainEqual({ number: '5511912340001', session: 'pair-test', connected: true, pending: 0, replaced: 0 });
  });

  it('replaces an unscanned QR code after the interval; the old one no longer pairs', async () => {
    const driver = track(await TestDriver.connect(sandbox, 'rotate-test'));
    const first = await driver.next('qr');
    const second = await driver.next('qr', (f) => f.qr !== first.qr);
    expect((await api(sandbox, 'POST', '/scan', { qr: first.qr })).status).toBe(404);
    expect((await api(sandbox, 'POST', '/scan', { qr: second.qr })).status).toBe(200);
  });

  it('refuses a scan of an unknown code and bad input', async () => {
    expect((await api(sandbox, 'POST', '/scan', { qr: 'sandbox-qr:nope' })).status).toBe(404);
    expect((await api(sandbox, 'POST', '/scan', {})).status).toBe(400);
    expect((await api(sandbox, 'POST', '/scan', { qr: 'x', number: '12ab' })).status).toBe(400);
  });

  it('delivers customer messages live, keeps them while offline and redelivers what was not confirmed', async () => {
    const { driver, number, device } = track(await pairedDriver(sandbox, 'offline-test'));
    const first = await api<{ id: string }>(sandbox, 'POST', '/messages', {
      from: '5511987650001',
      to: number,
      pushName: 'Ana',
      body: 'oi',
    });
    expect(first.status).toBe(201);
    const live = await driver.next('event', (f) => f.id === first.body.id);
    expect(live.event).toMatchObject({
      type: 'message',
      message: { id: first.body.id, chatId: '5511987650001', from: { number: '5511987650001', name: 'Ana' }, body: 'oi' },
    });
    driver.send({ t: 'received', ids: [first.body.id] });
    driver.close();
    await driver.closed;

    const offline: string[] = [];
    for (const body of ['one', 'two', 'three']) {
      offline.push((await api<{ id: string }>(sandbox, 'POST', '/messages', { from: '5511987650001', to: number, body })).body.id);
    }
    const again = track(await TestDriver.connect(sandbox, 'offline-test', device));
    await again.next('connected');
    await again.next('event', (f) => f.id === offline[2]);
    expect(again.events().map((e) => e.id)).toEqual(offline); // in order, and not the confirmed one
    again.send({ t: 'received', ids: offline.slice(0, 2) });
    again.close();
    await again.closed;

    const third = track(await TestDriver.connect(sandbox, 'offline-test', device));
    await third.next('event', (f) => f.id === offline[2]);
    expect(third.events().map((e) => e.id)).toEqual([offline[2]]);
  });

  it('answers business sends, acks them after a delay and lists them with their ack', async () => {
    const { driver, number } = track(await pairedDriver(sandbox, 'send-test'));
    const sent = await driver.request({ op: 'send', to: '5511987650002', content: { text: 'Olá!' } });
    expect(sent).toMatchObject({ ok: true, result: { id: expect.any(String), ack: 1 } });
    const id = (sent as { result: { id: string } }).result.id;
    expect((await driver.next('event', (f) => f.event.type === 'ack' && f.event.messageId === id)).event).toMatchObject({
      ack: 2,
      chatId: '5511987650002',
    });
    const read = await api(sandbox, 'POST', `/messages/${id}/read`);
    expect(read.body).toMatchObject({ id, ack: 3 });
    expect((await driver.next('event', (f) => f.event.type === 'ack' && f.event.ack === 3)).event).toMatchObject({ messageId: id });
    const listed = await api<Array<Record<string, unknown>>>(sandbox, 'GET', '/messages?customer=5511987650002');
    expect(listed.body).toEqual([expect.objectContaining({ id, from: number, to: '5511987650002', body: 'Olá!', ack: 3 })]);
  });

  it('keeps one message per id: a send repeated with its message id answers the first one', async () => {
    const { driver } = track(await pairedDriver(sandbox, 'same-id-test'));
    const first = await driver.request({ op: 'send', to: '5511987650012', content: { text: 'Oferta' }, messageId: 'A1B2C3D4E5F6A7B8C9D0' });
    expect(first).toMatchObject({ ok: true, result: { id: 'A1B2C3D4E5F6A7B8C9D0', ack: 1 } });
    const again = await driver.request({ op: 'send', to: '5511987650012', content: { text: 'Oferta' }, messageId: 'A1B2C3D4E5F6A7B8C9D0' });
    expect(again).toMatchObject({ ok: true, result: { id: 'A1B2C3D4E5F6A7B8C9D0' } });
    const listed = await api<Array<Record<string, unknown>>>(sandbox, 'GET', '/messages?customer=5511987650012');
    expect(listed.body.map((m) => m.id)).toEqual(['A1B2C3D4E5F6A7B8C9D0']);
    // the id is this message's: another recipient cannot reuse it
    expect(
      await driver.request({ op: 'send', to: '5511987650013', content: { text: 'Oferta' }, messageId: 'A1B2C3D4E5F6A7B8C9D0' }),
    ).toMatchObject({ ok: false, error: 'failed' });
  });

  it('sends media, location and vcards, quotes, edits and deletes', async () => {
    const { driver } = track(await pairedDriver(sandbox, 'content-test'));
    const customer = '5511987650003';
    const media = await driver.request({
      op: 'send',
      to: customer,
      content: { media: { mimetype: 'image/png', filename: 'a.png', base64: 'iVBORw0KGgo=' }, caption: 'foto' },
    });
    const mediaId = (media as { result: { id: string } }).result.id;
    const location = await driver.request({
      op: 'send',
      to: customer,
      content: { location: { latitude: -23.5, longitude: -46.6 } },
      quotedId: mediaId,
    });
    expect(location.ok).toBe(true);
    const vcard = 'BEGIN:VCARD\nVERSION:3.0\nFN:Ana\nTEL;waid=5511987650009:+55 11 98765-0009\nEND:VCARD';
    expect((await driver.request({ op: 'send', to: customer, content: { vcard } })).ok).toBe(true);
    const text = await driver.request({ op: 'send', to: customer, content: { text: 'typo' } });
    const textId = (text as { result: { id: string } }).result.id;
    expect((await driver.request({ op: 'edit', to: customer, messageId: textId, body: 'fixed' })).ok).toBe(true);
    expect((await driver.request({ op: 'edit', to: customer, messageId: mediaId, body: 'x' })).ok).toBe(false);
    expect((await driver.request({ op: 'delete', to: customer, messageId: mediaId })).ok).toBe(true);
    expect(await driver.request({ op: 'delete', to: customer, messageId: 'NOPE' })).toMatchObject({
      ok: false,
      error: 'message-not-found',
    });
    const listed = (await api<Array<Record<string, unknown>>>(sandbox, 'GET', `/messages?customer=${customer}`)).body;
    expect(listed).toEqual([
      expect.objectContaining({ id: mediaId, body: 'foto', media: { mimetype: 'image/png', filename: 'a.png', size: 8 }, deleted: true }),
      expect.objectContaining({ location: { latitude: -23.5, longitude: -46.6 }, quotedId: mediaId }),
      expect.objectContaining({ vcard: expect.stringContaining('FN:Ana') }),
      expect.objectContaining({ id: textId, body: 'fixed', edited: true }),
    ]);
  });

  it('knows which numbers are on WhatsApp', async () => {
    const { driver } = track(await pairedDriver(sandbox, 'numbers-test'));
    expect(await driver.request({ op: 'check', number: '5511987650004' })).toMatchObject({
      ok: true,
      result: { exists: true, chatId: '5511987650004' },
    });
    expect(await driver.request({ op: 'check', number: '12345' })).toMatchObject({ result: { exists: false, chatId: null } });
    expect((await api(sandbox, 'PUT', '/numbers/5511987650004', { onWhatsApp: false })).status).toBe(200);
    expect(await driver.request({ op: 'check', number: '5511987650004' })).toMatchObject({ result: { exists: false } });
    expect(await driver.request({ op: 'send', to: '5511987650004', content: { text: 'hi' } })).toMatchObject({
      ok: false,
      error: 'invalid-number',
    });
    const picture = await driver.request({ op: 'picture', chatId: '5511987650005' });
    const url = (picture as { result: { url: string } }).result.url;
    expect(url).toBe(`${sandbox.url}/avatars/5511987650005.svg`);
    const avatar = await fetch(url);
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml');
    expect(await avatar.text()).toContain('<svg');
  });

  it('tells the driver of customer edits, revokes and calls', async () => {
    const { driver, number } = track(await pairedDriver(sandbox, 'edit-test'));
    const sent = (await api<{ id: string }>(sandbox, 'POST', '/messages', { from: '5511987650006', to: number, body: 'helo' })).body;
    expect((await api(sandbox, 'POST', `/messages/${sent.id}/edit`, { body: 'hello' })).status).toBe(200);
    expect((await driver.next('event', (f) => f.event.type === 'edit')).event).toMatchObject({
      messageId: sent.id,
      chatId: '5511987650006',
      body: 'hello',
    });
    expect((await api(sandbox, 'DELETE', `/messages/${sent.id}`)).status).toBe(200);
    expect((await driver.next('event', (f) => f.event.type === 'revoke')).event).toMatchObject({ messageId: sent.id });
    expect((await api(sandbox, 'DELETE', `/messages/${sent.id}`)).status).toBe(404);
    const call = await api<{ id: string }>(sandbox, 'POST', '/calls', { from: '5511987650006', to: number });
    expect(call.status).toBe(201);
    expect((await driver.next('event', (f) => f.event.type === 'call')).event).toMatchObject({
      call: { id: call.body.id, from: { number: '5511987650006' }, isVideo: false },
    });
  });

  it('logs a session out from the phone: the driver is told, and its device needs a new QR code', async () => {
    const { driver, number, device } = await pairedDriver(sandbox, 'logout-test');
    expect((await api(sandbox, 'POST', `/sessions/${number}/logout`)).status).toBe(200);
    await driver.next('logged-out');
    await driver.closed;
    const again = track(await TestDriver.connect(sandbox, 'logout-test', device));
    await again.next('qr');
    expect(again.frames.some((f) => f.t === 'connected')).toBe(false);
  });

  it('drops a connection without a word; the stored device reconnects and gets what came meanwhile', async () => {
    const { driver, number, device } = await pairedDriver(sandbox, 'drop-test');
    expect((await api(sandbox, 'POST', `/sessions/${number}/drop`)).status).toBe(200);
    await driver.closed;
    expect(driver.frames.some((f) => f.t === 'logged-out')).toBe(false);
    const meanwhile = (await api<{ id: string }>(sandbox, 'POST', '/messages', { from: '5511987650007', to: number, body: 'still there?' }))
      .body;
    const again = track(await TestDriver.connect(sandbox, 'drop-test', device));
    await again.next('connected');
    await again.next('event', (f) => f.id === meanwhile.id);
    expect((await api(sandbox, 'POST', '/sessions/5500000000000/drop')).status).toBe(404);
  });

  it('lets only the newest connection of a device run: the older one is told it was replaced', async () => {
    const { driver, device } = await pairedDriver(sandbox, 'replace-test');
    const newer = track(await TestDriver.connect(sandbox, 'replace-test', device));
    await newer.next('connected');
    await driver.next('replaced');
    await driver.closed;
  });

  it('pairs by a code typed on the phone', async () => {
    const driver = track(await TestDriver.connect(sandbox, 'code-test'));
    await driver.next('qr');
    driver.send({ t: 'pairing-code', phoneNumber: '5511912340009' });
    const { code } = await driver.next('pairing-code');
    expect(code).toMatch(/^[0-9A-F]{8}$/);
    expect(await api(sandbox, 'POST', '/scan', { code })).toEqual({ status: 200, body: { number: '5511912340009' } });
    await driver.next('connected', (f) => f.number === '5511912340009');
  });

  it('refuses messages to numbers not on the network and without content', async () => {
    expect((await api(sandbox, 'POST', '/messages', { from: '5511987650001', to: '5599999999999', body: 'x' })).status).toBe(404);
    const { number } = track(await pairedDriver(sandbox, 'refuse-test'));
    expect((await api(sandbox, 'POST', '/messages', { from: '5511987650001', to: number })).status).toBe(400);
    expect((await api(sandbox, 'POST', '/messages', { from: 'abc', to: number, body: 'x' })).status).toBe(400);
    expect((await api(sandbox, 'GET', '/messages')).status).toBe(400);
    expect((await api(sandbox, 'GET', '/nowhere')).status).toBe(404);
  });

  it('refuses the next requests of an op when a fault is set for the number, then answers again', async () => {
    const { driver, number } = track(await pairedDriver(sandbox, 'fault-test'));
    expect(await api(sandbox, 'POST', `/sessions/${number}/faults`, { op: 'check', times: 2 })).toEqual({
      status: 200,
      body: { number, op: 'check', pending: 2 },
    });
    for (let i = 0; i < 2; i += 1)
      expect(await driver.request({ op: 'check', number: '5511987650006' })).toMatchObject({ ok: false, error: 'failed' });
    expect(await driver.request({ op: 'check', number: '5511987650006' })).toMatchObject({ ok: true, result: { exists: true } });

    const sent = await driver.request({ op: 'send', to: '5511987650006', content: { text: 'oi' } });
    const id = (sent as { result: { id: string } }).result.id;
    await api(sandbox, 'POST', `/sessions/${number}/faults`, { op: 'delete' });
    expect(await driver.request({ op: 'delete', to: '5511987650006', messageId: id })).toMatchObject({ ok: false, error: 'failed' });
    expect(await driver.request({ op: 'delete', to: '5511987650006', messageId: id })).toMatchObject({ ok: true });

    // `after`: the refusal comes once that many requests went through
    expect(await api(sandbox, 'POST', `/sessions/${number}/faults`, { op: 'send', after: 1 })).toMatchObject({
      status: 200,
      body: { pending: 1 },
    });
    expect(await driver.request({ op: 'send', to: '5511987650006', content: { text: 'passa' } })).toMatchObject({ ok: true });
    expect(await driver.request({ op: 'send', to: '5511987650006', content: { text: 'falha' } })).toMatchObject({
      ok: false,
      error: 'failed',
    });
    expect(await driver.request({ op: 'send', to: '5511987650006', content: { text: 'passa de novo' } })).toMatchObject({ ok: true });

    expect((await api(sandbox, 'POST', `/sessions/${number}/faults`, { op: 'logout' })).status).toBe(400);
    expect((await api(sandbox, 'POST', `/sessions/${number}/faults`, { op: 'check', times: 0 })).status).toBe(400);
    expect((await api(sandbox, 'POST', `/sessions/${number}/faults`, { op: 'check', after: -1 })).status).toBe(400);
    expect((await api(sandbox, 'POST', '/sessions/5599999999998/faults', { op: 'check' })).status).toBe(404);
  });
});

describe('wa-sandbox delete window', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ PORT: 0, HOST: '127.0.0.1', SANDBOX_DELETE_WINDOW_MS: 0 }, quiet);
  });
  afterAll(() => sandbox.close());

  it('refuses to delete for everyone a message older than the window, as WhatsApp does', async () => {
    const { driver } = await pairedDriver(sandbox, 'window-test');
    const sent = await driver.request({ op: 'send', to: '5511987650007', content: { text: 'antiga' } });
    const id = (sent as { result: { id: string } }).result.id;
    expect(await driver.request({ op: 'delete', to: '5511987650007', messageId: id })).toMatchObject({
      ok: false,
      error: 'failed',
      message: expect.stringContaining('too old'),
    });
    expect((await api<Array<{ deleted: boolean }>>(sandbox, 'GET', '/messages?customer=5511987650007')).body[0]!.deleted).toBe(false);
    driver.close();
  });
});

describe('wa-sandbox auto-scan and demo mode', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox(
      { PORT: 0, HOST: '127.0.0.1', SANDBOX_AUTO_SCAN_MS: 50, SANDBOX_DEMO: true, SANDBOX_DEMO_INTERVAL_MS: 100, SANDBOX_ACK_DELAY_MS: 10 },
      quiet,
    );
  });
  afterAll(() => sandbox.close());

  it('pairs a session by itself with a number that stays the same for that session', async () => {
    const driver = await TestDriver.connect(sandbox, 'atrium-demo-1');
    await driver.next('qr');
    const connected = await driver.next('connected');
    expect(connected.number).toBe(derivedNumber('atrium-demo-1'));
    expect(derivedNumber('atrium-demo-1')).toMatch(/^55119\d{8}$/);
    expect(derivedNumber('atrium-demo-2')).not.toBe(connected.number);

    const demo = await driver.next('event', (f) => f.event.type === 'message');
    const numbers: string[] = DEMO_CUSTOMERS.map((c) => c.number);
    expect(demo.event.type === 'message' && numbers.includes(demo.event.message.from.number ?? '')).toBe(true);
    driver.close();
    await driver.closed;
  });
});
