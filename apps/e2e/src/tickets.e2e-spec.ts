import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { apiUrl, launchBrowser, logIn, newContext, screenshot, step, webUrl } from './browser.js';
import { call, connectSandbox, eventually, sandboxUrl } from './platform-calls.js';
import { aPng } from './test-images.js';

/** socket.io-client's browser bundle, loaded into a page by the polling test. */
const SOCKET_IO_CLIENT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../node_modules/socket.io-client/dist/socket.io.min.js',
);

interface SandboxMessage {
  id: string;
  body: string | null;
  media: { mimetype: string; filename: string; size: number } | null;
}

const id = randomBytes(3).toString('hex');
const suffix = String(parseInt(id, 16) % 1_000_000).padStart(6, '0');
const company = { name: `Atendimento ${id}`, email: `atendimento-${id}@e2e.test`, password: 'senha123' };
const agentA = { name: 'Ana Vendas', email: `ana-${id}@e2e.test`, password: 'senha123' };
const agentB = { name: 'Bruno Suporte', email: `bruno-${id}@e2e.test`, password: 'senha123' };
const businessNumber = `5511966${suffix}`;
const customer = { number: `5521955${suffix}`, name: `Cliente ${id}` };

describe('an agent serves a WhatsApp customer live in the browser (sandbox network)', () => {
  let browser: Browser;
  let pageA: Page;
  let pageB: Page;
  let adminToken: string;

  beforeAll(async () => {
    // A company with two queues, an agent in each, and a sandbox number whose tickets go to the first queue.
    const [plan] = await call<Array<{ id: number }>>(apiUrl('/plans/list'));
    await call(apiUrl('/companies/cadastro'), {
      body: { name: company.name, email: company.email, password: company.password, phone: '11987654321', planId: plan!.id },
    });
    const { token } = await call<{ token: string }>(apiUrl('/auth/login'), { body: { email: company.email, password: company.password } });
    adminToken = token;
    const sales = await call<{ id: number }>(apiUrl('/queue'), { token, body: { name: 'Vendas', color: '#1677ff', greetingMessage: '' } });
    const support = await call<{ id: number }>(apiUrl('/queue'), {
      token,
      body: { name: 'Suporte', color: '#52c41a', greetingMessage: '' },
    });
    await call(apiUrl('/users'), { token, body: { ...agentA, profile: 'user', queueIds: [sales.id] } });
    await call(apiUrl('/users'), { token, body: { ...agentB, profile: 'user', queueIds: [support.id] } });
    await connectSandbox(token, [sales.id], businessNumber);

    browser = await launchBrowser();
    pageA = await (await newContext(browser)).newPage();
    pageB = await (await newContext(browser)).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the pending ticket only to the queue agent, who accepts, answers with text and an image, sees the reply live and resolves', async () => {
    await step('tickets-open-lists', [pageA, pageB], async () => {
      for (const [page, agent] of [
        [pageA, agentA],
        [pageB, agentB],
      ] as const) {
        await logIn(page, agent.email, agent.password);
        await page.goto(webUrl('/tickets'));
        await page.getByTestId('tab-pending').click();
        await page.getByTestId('tickets-pending').waitFor();
        await page.getByTestId('no-ticket').waitFor();
      }
    });

    await step('tickets-customer-writes', [pageA, pageB], async () => {
      await call(sandboxUrl('/messages'), {
        body: { from: customer.number, to: businessNumber, pushName: customer.name, body: 'Olá, quero comprar um plano' },
      });
      const pending = pageA.getByTestId('tickets-pending').getByRole('listitem').filter({ hasText: customer.name });
      await pending.waitFor();
      await pending.getByText('Olá, quero comprar um plano').waitFor();
      await pending.getByText('Vendas').waitFor();
      await pageA.getByTestId('tab-pending').getByText('1').waitFor();
      await screenshot(pageA, 'tickets-01-pending-agent-a');
      // the other queue's agent got nothing: their pending list is still empty
      await pageB.getByTestId('tickets-pending').getByText('Nenhum atendimento encontrado.').waitFor();
      expect(await pageB.getByTestId('tickets-pending').getByRole('listitem').count()).toBe(0);
      await screenshot(pageB, 'tickets-02-nothing-for-agent-b');
    });

    await step('tickets-accept', [pageA], async () => {
      const pending = pageA.getByTestId('tickets-pending').getByRole('listitem').filter({ hasText: customer.name });
      await pending.getByRole('button', { name: 'Aceitar' }).click();
      await pageA.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
      const view = pageA.getByTestId('ticket-view');
      await view.getByTestId('ticket-header').getByText(customer.name).waitFor();
      await view.getByText('Atribuído a: Ana Vendas').waitFor();
      await view.getByTestId('messages-list').getByText('Olá, quero comprar um plano').waitFor();
      await pageA.getByTestId('tickets-open').getByRole('listitem').filter({ hasText: customer.name }).waitFor();
    });

    await step('tickets-answer', [pageA], async () => {
      const input = pageA.getByTestId('composer-input');
      await input.fill('Bom dia! Temos planos a partir de R$ 49.');
      await input.press('Enter');
      await pageA.getByTestId('messages-list').getByText('Bom dia! Temos planos a partir de R$ 49.').waitFor();
      await pageA.getByTestId('composer-file-input').setInputFiles({ name: 'tabela.png', mimeType: 'image/png', buffer: aPng() });
      await pageA.getByTestId('composer-files').getByText('tabela.png').waitFor();
      await pageA.getByTestId('composer-send').click();
      await pageA.getByTestId('messages-list').getByTestId('message-image').waitFor();
      await screenshot(pageA, 'tickets-03-answered');
    });

    await step('tickets-customer-receives', [pageA], async () => {
      const received = await eventually('the answers on the customer phone', async () => {
        const messages = await call<SandboxMessage[]>(sandboxUrl(`/messages?customer=${customer.number}&business=${businessNumber}`));
        const text = messages.find((message) => message.body?.includes('Bom dia! Temos planos a partir de R$ 49.'));
        const image = messages.find((message) => message.media?.mimetype === 'image/png');
        return text && image ? { text, image } : undefined;
      });
      // signed messages are on by default: the agent's name comes first
      expect(received.text.body).toContain('Ana Vendas');
      expect(received.image.media?.size).toBeGreaterThan(0);
    });

    await step('tickets-reply-live', [pageA], async () => {
      await call(sandboxUrl('/messages'), {
        body: { from: customer.number, to: businessNumber, pushName: customer.name, body: 'Perfeito, obrigado!' },
      });
      await pageA.getByTestId('messages-list').getByText('Perfeito, obrigado!').waitFor();
      await screenshot(pageA, 'tickets-04-reply');
    });

    await step('tickets-resolve', [pageA], async () => {
      await pageA.getByTestId('ticket-resolve').click();
      await pageA.waitForURL((url) => url.pathname === '/tickets');
      await pageA.getByTestId('no-ticket').waitFor();
      await pageA.getByRole('tab', { name: /Resolvidos/ }).click();
      const closed = pageA.getByTestId('tickets-closed').getByRole('listitem').filter({ hasText: customer.name });
      await closed.getByRole('button', { name: 'Reabrir' }).waitFor();
      await screenshot(pageA, 'tickets-05-resolved');
    });
  });
  it('a socket.io client that polls only (as Atendechat 6.0.0’s web app) receives a customer’s message live', async () => {
    const page = await (await newContext(browser)).newPage();
    await step('polling-client', [page], async () => {
      // a page of the web app's origin (the one CORS allows) running socket.io-client over long polling, no upgrade
      await page.goto(webUrl('/login'));
      await page.addScriptTag({ path: SOCKET_IO_CLIENT });
      await page.evaluate(
        ([api, token]) => {
          const state = window as unknown as {
            received: Array<{ event: string; payload: unknown }>;
            transport?: string;
            ready?: boolean;
            io: (url: string, options: object) => SocketLike;
          };
          type SocketLike = {
            on(event: string, listener: () => void): void;
            onAny(listener: (event: string, payload: unknown) => void): void;
            emit(event: string, ...args: unknown[]): void;
            io: { engine: { transport: { name: string } } };
          };
          state.received = [];
          const socket = state.io(api!, { transports: ['polling'], query: { token } });
          socket.onAny((event, payload) => state.received.push({ event, payload }));
          socket.on('ready', () => {
            state.ready = true;
            state.transport = socket.io.engine.transport.name;
            socket.emit('joinTickets', 'pending');
            socket.emit('joinNotification');
          });
        },
        [apiUrl(''), adminToken] as const,
      );
      await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
      expect(await page.evaluate(() => (window as unknown as { transport?: string }).transport)).toBe('polling');

      await call(sandboxUrl('/messages'), {
        body: { from: customer.number, to: businessNumber, pushName: customer.name, body: 'Mensagem para quem escuta por polling' },
      });
      const event = await page.waitForFunction(() =>
        (
          window as unknown as { received: Array<{ event: string; payload: { action?: string; message?: { body?: string } } }> }
        ).received.find(
          (r) =>
            r.event.endsWith('-appMessage') &&
            r.payload.action === 'create' &&
            r.payload.message?.body === 'Mensagem para quem escuta por polling',
        ),
      );
      expect(await event.jsonValue()).toMatchObject({ payload: { contact: { number: customer.number } } });
    });
  });
});
