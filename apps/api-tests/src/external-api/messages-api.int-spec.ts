import type { MessagesPageView, WhatsappTokenView, WhatsappView } from '@atrium/contracts';
import { ApiClient, type ApiResponse } from '../api-client.js';
import { createPlan } from '../identity-fixtures.js';
import { eventually } from '../nats-fixtures.js';
import { connectSandboxNumber, nextSession, sandboxCall, startSessionsStack, type SessionsStack } from '../sessions/sessions-fixtures.js';
import { socketOf, type SocketRecorder } from '../socket-client.js';
import { signUpTenant, superAdmin, type Tenant } from '../tenants.js';
import { ownerQuery } from '../tickets/tickets-fixtures.js';

const BUSINESS = '5511973700001';
const IDLE_BUSINESS = '5511973700002';
const OTHER_BUSINESS = '5511973700003';
/** Requests per connection's token in the test's window (the earlier cases use under half of it). */
const RATE_LIMIT = 30;

/** One message a business sent, as the sandbox's network saw it. */
type Seen = { from: string; to: string; body: string; media: { mimetype: string; filename: string; base64: string } | null };

/** A 1×1 PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

/**
 * The external messaging API (spec 001 section 7 `POST {host}/api/messages/send`, issue 15)
 * through the gateway against the real identity, sessions and tickets services and wa-sandbox
 * numbers: the customer receives texts and files, the conversation shows them, the token decides
 * the connection and company, Idempotency-Key sends once, the rate limit answers 429, and wrong
 * tokens, numbers, plans and connections each get their error.
 */
describe('external messaging API', () => {
  let env: SessionsStack;
  let tenant: Tenant;
  let other: Tenant;
  let noApi: Tenant;
  let noApiPlanId: number;
  let operator: ApiClient;
  let socket: SocketRecorder;
  let whatsapp: WhatsappView;
  let idle: WhatsappView;
  let otherWhatsapp: WhatsappView;
  let token: string;
  let idleToken: string;
  let otherToken: string;
  let client: ApiClient;
  let numberSeq = 0;
  const seen: Seen[] = [];

  const freshNumber = (): string => `55219${String(20_000_000 + numberSeq++).padStart(8, '0')}`;
  const sentTo = (to: string): Seen[] => seen.filter((m) => m.to === to);
  /** A text is answered once stored and sent afterwards, at the number's pace: wait until `count` reached the number. */
  const received = async (to: string, count: number): Promise<Seen[]> => {
    await eventually(async () => sentTo(to).length >= count, 30_000, 50);
    return sentTo(to);
  };

  const send = (
    bearer: string | undefined,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<Record<string, unknown>>> =>
    client.request('POST', '/api/messages/send', body, bearer === undefined ? headers : { authorization: `Bearer ${bearer}`, ...headers });

  const generateToken = async (owner: Tenant, connection: WhatsappView): Promise<string> => {
    const generated = await owner.admin.post<WhatsappTokenView>(`/whatsapp/${connection.id}/token`);
    expect(generated.status).toBe(201);
    return generated.body.token;
  };

  /** The contact's tickets in a company (any status), newest first. */
  const ticketsOf = (companyId: number, number: string) =>
    ownerQuery<{ id: number; status: string; whatsapp_id: number; company_id: number }>(
      env.stack,
      `select t.id, t.status, t.whatsapp_id, t.company_id from tickets.tickets t join tickets.contacts c on c.id = t.contact_id
        where c.company_id = $1 and c.number = $2 order by t.id desc`,
      [companyId, number],
    );

  beforeAll(async () => {
    env = await startSessionsStack({
      services: ['identity', 'sessions', 'tickets'],
      env: { EXTERNAL_API_RATE_LIMIT: String(RATE_LIMIT), EXTERNAL_API_RATE_WINDOW_S: '600' },
    });
    env.sandbox.network.onBusinessMessage((m) => seen.push({ from: m.business, to: m.customer, body: m.body, media: m.media }));
    operator = await superAdmin(env.stack);
    const plan = await createPlan(operator, { connections: 3 });
    const ownPlan = await createPlan(operator, { connections: 1 });
    noApiPlanId = ownPlan.id;
    [tenant, other, noApi] = await Promise.all([
      signUpTenant(env.stack, plan.id),
      signUpTenant(env.stack, plan.id),
      signUpTenant(env.stack, ownPlan.id),
    ]);
    socket = await socketOf(env.stack, tenant.admin);
    const otherSocket = await socketOf(env.stack, other.admin);
    try {
      whatsapp = await connectSandboxNumber(env, tenant.admin, socket, tenant.companyId, BUSINESS, 'API');
      idle = await connectSandboxNumber(env, tenant.admin, socket, tenant.companyId, IDLE_BUSINESS, 'Desligada');
      otherWhatsapp = await connectSandboxNumber(env, other.admin, otherSocket, other.companyId, OTHER_BUSINESS, 'Outra');
    } finally {
      otherSocket.close();
    }
    [token, idleToken, otherToken] = await Promise.all([
      generateToken(tenant, whatsapp),
      generateToken(tenant, idle),
      generateToken(other, otherWhatsapp),
    ]);
    client = env.stack.client();
  });

  afterAll(async () => {
    socket?.close();
    await env?.stop();
  });

  it('sends a text the customer receives, in a contact and pending ticket it creates, shown in the conversation', async () => {
    const number = freshNumber();
    expect(await send(token, { number, body: 'Seu pedido saiu para entrega' })).toMatchObject({
      status: 200,
      body: { mensagem: 'Mensagem enviada' },
    });
    expect(await received(number, 1)).toEqual([
      expect.objectContaining({ from: BUSINESS, body: 'Seu pedido saiu para entrega', media: null }),
    ]);

    const [ticket, ...more] = await ticketsOf(tenant.companyId, number);
    expect(more).toEqual([]);
    expect(ticket).toMatchObject({ status: 'pending', whatsapp_id: whatsapp.id });
    const conversation = await tenant.admin.get<MessagesPageView>(`/messages/${ticket!.id}`);
    expect(conversation.body.messages).toEqual([expect.objectContaining({ body: 'Seu pedido saiu para entrega', fromMe: true })]);
    expect(conversation.body.ticket.contact).toMatchObject({ number, name: number });

    // a second message goes into the same active ticket
    expect((await send(token, { number: Number(number), body: 'Chega hoje' })).status).toBe(200);
    expect((await ticketsOf(tenant.companyId, number)).map((t) => t.id)).toEqual([ticket!.id]);
    expect((await received(number, 2)).map((m) => m.body)).toEqual(['Seu pedido saiu para entrega', 'Chega hoje']);
  });

  it("delivers a number's texts once each, in the order they were accepted, and closes the ticket after a closing text", async () => {
    const number = freshNumber();
    const texts = Array.from({ length: 8 }, (_, i) => `Parcela ${i + 1}`);
    for (const body of texts) expect((await send(token, { number, body })).status).toBe(200);
    expect((await send(token, { number, body: 'Quitado', closeTicket: true })).status).toBe(200);
    await received(number, texts.length + 1);
    await eventually(async () => (await ticketsOf(tenant.companyId, number))[0]?.status === 'closed', 30_000, 100);
    expect(sentTo(number).map((m) => m.body)).toEqual([...texts, 'Quitado']);
    const [ticket] = await ticketsOf(tenant.companyId, number);
    const conversation = await tenant.admin.get<MessagesPageView>(`/messages/${ticket!.id}`);
    expect(conversation.body.messages.map((m) => m.body)).toEqual([...texts, 'Quitado']);
    expect(conversation.body.messages.every((m) => m.fromMe && m.ack > 0)).toBe(true);
  });

  it('sends files as multipart `medias` with the body as caption, and closes the ticket when asked', async () => {
    const number = freshNumber();
    const form = new FormData();
    form.append('number', number);
    form.append('body', 'Segue o comprovante');
    form.append('closeTicket', 'true');
    form.append('medias', new Blob([PNG], { type: 'image/png' }), 'comprovante.png');
    expect(await send(token, form)).toMatchObject({ status: 200, body: { mensagem: 'Mensagem enviada' } });

    const [received] = sentTo(number);
    expect(received).toMatchObject({
      from: BUSINESS,
      body: 'Segue o comprovante',
      media: { mimetype: 'image/png', filename: 'comprovante.png' },
    });
    expect(Buffer.from(received!.media!.base64, 'base64').equals(PNG)).toBe(true);
    const [ticket] = await ticketsOf(tenant.companyId, number);
    expect(ticket).toMatchObject({ status: 'closed' });
    const conversation = await tenant.admin.get<MessagesPageView>(`/messages/${ticket!.id}`);
    expect(conversation.body.messages).toEqual([
      expect.objectContaining({ mediaType: 'image', body: 'Segue o comprovante', fromMe: true }),
    ]);
  });

  it('sends once per Idempotency-Key, concurrent retries included, answering each the same; another request under the key is refused', async () => {
    const number = freshNumber();
    const key = `pedido-${number}`;
    const request = { number, body: 'Boleto do pedido 42' };
    const answers = await Promise.all([send(token, request, { 'idempotency-key': key }), send(token, request, { 'idempotency-key': key })]);
    const later = await send(token, request, { 'idempotency-key': key });
    for (const answer of [...answers, later]) expect(answer).toMatchObject({ status: 200, body: { mensagem: 'Mensagem enviada' } });
    expect(await received(number, 1)).toHaveLength(1);

    expect(await send(token, { number, body: 'Outro texto' }, { 'idempotency-key': key })).toMatchObject({
      status: 422,
      body: { error: 'ERR_IDEMPOTENCY_KEY_REUSED' },
    });
    // without a key, the same request is a new message
    expect((await send(token, request)).status).toBe(200);
    // the connection sends in order: once the keyless one arrived, a second send of the key's would have too
    expect(await received(number, 2)).toHaveLength(2);
  });

  it('refuses bad numbers, numbers not on WhatsApp, empty messages and missing or wrong tokens, sending nothing', async () => {
    const number = freshNumber();
    expect(await send(token, { number: '11 99999-9999', body: 'x' })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [expect.objectContaining({ field: 'number' })] },
    });
    expect(await send(token, { number: '123', body: 'x' })).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(await send(token, { number, body: '  ' })).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [expect.objectContaining({ field: 'body' })] },
    });

    await sandboxCall(env.sandbox, 'PUT', `/numbers/${number}`, { onWhatsApp: false });
    expect(await send(token, { number, body: 'Olá' })).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_INVALID_CONTACT' } });
    expect(await ticketsOf(tenant.companyId, number)).toEqual([]);
    // a known contact whose number left WhatsApp (not asked again): accepted, refused by the
    // connection when sent, and taken out of the conversation
    const known = freshNumber();
    expect((await send(token, { number: known, body: 'Primeira' })).status).toBe(200);
    await received(known, 1);
    await sandboxCall(env.sandbox, 'PUT', `/numbers/${known}`, { onWhatsApp: false });
    expect((await send(token, { number: known, body: 'Segunda' })).status).toBe(200);
    const [knownTicket] = await ticketsOf(tenant.companyId, known);
    await eventually(
      async () => {
        const conversation = await tenant.admin.get<MessagesPageView>(`/messages/${knownTicket!.id}`);
        return conversation.body.messages.map((m) => m.body).join() === 'Primeira';
      },
      30_000,
      100,
    );
    expect(sentTo(known).map((m) => m.body)).toEqual(['Primeira']);

    const missing = await send(undefined, { number, body: 'Olá' });
    expect(missing).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_API_TOKEN' } });
    expect(missing.headers.get('www-authenticate')).toBe('Bearer');
    expect(await send('atr_not-a-token-of-anyone-0000000000000000000', { number, body: 'Olá' })).toMatchObject({
      status: 401,
      body: { error: 'ERR_INVALID_API_TOKEN' },
    });
    // a user's session token is not a connection's token
    expect(await send(tenant.admin.token, { number, body: 'Olá' })).toMatchObject({
      status: 401,
      body: { error: 'ERR_INVALID_API_TOKEN' },
    });
    expect(sentTo(number)).toEqual([]);
  });

  it('answers ERR_WAPP_NOT_INITIALIZED for a disconnected connection and ERR_PLAN_FEATURE_DISABLED once the plan drops the API', async () => {
    const number = freshNumber();
    expect((await tenant.admin.delete(`/whatsappsession/${idle.id}`)).status).toBe(200);
    await nextSession(socket, tenant.companyId, idle.id, (s) => s.status === 'DISCONNECTED');
    expect(await send(idleToken, { number, body: 'Olá' })).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_NOT_INITIALIZED' } });

    // a token made while the plan allowed the API stops working when the plan no longer does
    const connection = (await noApi.admin.post<WhatsappView>('/whatsapp', { name: 'API do plano', provider: 'sandbox' })).body;
    const made = await generateToken(noApi, connection);
    expect((await operator.put(`/plans/${noApiPlanId}`, { useExternalApi: false })).status).toBe(200);
    // (the gateway reuses a plan's answer a few seconds)
    let refused: ApiResponse<Record<string, unknown>> | undefined;
    await eventually(async () => (refused = await send(made, { number, body: 'Olá' })).status !== 400, 15_000, 250);
    expect(refused).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_FEATURE_DISABLED' } });
    await eventually(async () => (await noApi.admin.post(`/whatsapp/${connection.id}/token`)).status === 403, 10_000, 200);
    expect(sentTo(number)).toEqual([]);
  });

  it('keeps companies apart: a token reaches only its own connection, whatever the request names', async () => {
    const number = freshNumber();
    expect(
      (await send(otherToken, { number, body: 'Da outra empresa', whatsappId: whatsapp.id, companyId: tenant.companyId })).status,
    ).toBe(200);
    expect(await received(number, 1)).toEqual([expect.objectContaining({ from: OTHER_BUSINESS, body: 'Da outra empresa' })]);
    expect(await ticketsOf(tenant.companyId, number)).toEqual([]);
    expect(await ticketsOf(other.companyId, number)).toEqual([
      expect.objectContaining({ company_id: other.companyId, whatsapp_id: otherWhatsapp.id }),
    ]);
  });

  it('stops a regenerated token at once', async () => {
    const number = freshNumber();
    const before = otherToken;
    otherToken = await generateToken(other, otherWhatsapp);
    expect(await send(before, { number, body: 'Velho' })).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_API_TOKEN' } });
    expect((await send(otherToken, { number, body: 'Novo' })).status).toBe(200);
    expect((await received(number, 1)).map((m) => m.body)).toEqual(['Novo']);
  });

  it('limits each token to its rate, answering 429 with Retry-After, other tokens unaffected', async () => {
    const number = freshNumber();
    // refused requests count too (the limit is checked before anything else): no message needed
    const answers: ApiResponse<Record<string, unknown>>[] = [];
    for (let i = 0; i < RATE_LIMIT + 2; i++) answers.push(await send(otherToken, { number: 'x', body: 'y' }));
    const limited = answers.filter((a) => a.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(2);
    expect(answers.filter((a) => a.status !== 429).every((a) => a.status === 400)).toBe(true);
    expect(limited[0]).toMatchObject({ body: { error: 'ERR_TOO_MANY_ATTEMPTS' } });
    expect(Number(limited[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited[0]!.headers.get('ratelimit-remaining')).toBe('0');

    expect(await send(otherToken, { number, body: 'Ainda limitado' })).toMatchObject({ status: 429 });
    expect(sentTo(number)).toEqual([]);
    // another connection's token has its own window
    expect((await send(token, { number, body: 'Outra conexão' })).status).toBe(200);
    expect(await received(number, 1)).toEqual([expect.objectContaining({ from: BUSINESS, body: 'Outra conexão' })]);
  });
});
