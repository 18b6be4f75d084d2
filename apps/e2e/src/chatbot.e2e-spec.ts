import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { apiUrl, launchBrowser, logIn, newContext, screenshot, step, webUrl } from './browser.js';
import { call, connectSandbox, eventually, sandboxUrl } from './platform-calls.js';

const id = randomBytes(3).toString('hex');
const suffix = String(parseInt(id, 16) % 1_000_000).padStart(6, '0');
const company = { name: `Chatbot ${id}`, email: `chatbot-${id}@e2e.test`, password: 'senha123' };
const agent = { name: 'Sofia Suporte', email: `sofia-${id}@e2e.test`, password: 'senha123' };
const businessNumber = `5511976${suffix}`;
const customer = { number: `5521976${suffix}`, name: `Cliente Robô ${id}` };

const MENU = 'Olá! Escolha um departamento:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte';
const SUPPORT_MENU = 'Suporte técnico\n\n*[ 1 ]* - Internet\n\n*[ # ]* - Voltar ao Menu Principal';
const INTERNET = 'Reinicie o modem.\n\n*[ 0 ]* - Voltar\n*[ # ]* - Voltar ao Menu Principal';

describe('a customer walks the chatbot menu and the ticket reaches the chosen queue’s agent', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    const superToken = (await call<{ token: string }>(apiUrl('/auth/login'), { body: { email: 'admin@admin.com', password: '123456' } })).token;
    const plan = await call<{ id: number }>(apiUrl('/plans'), { token: superToken, body: { name: `Chatbot ${id}`, users: 5, connections: 2, queues: 3, value: 0 } });
    await call(apiUrl('/companies/cadastro'), { body: { name: company.name, email: company.email, password: company.password, phone: '11987654321', planId: plan.id } });
    const token = (await call<{ token: string }>(apiUrl('/auth/login'), { body: { email: company.email, password: company.password } })).token;
    const sales = await call<{ id: number }>(apiUrl('/queue'), { token, body: { name: 'Vendas', color: '#1677ff', greetingMessage: 'Vendas aqui' } });
    const support = await call<{ id: number }>(apiUrl('/queue'), { token, body: { name: 'Suporte', color: '#52c41a', greetingMessage: 'Suporte técnico' } });
    await call(apiUrl('/queue-options'), { token, body: { queueId: support.id, title: 'Internet', message: 'Reinicie o modem.', option: 1 } });
    await call(apiUrl('/users'), { token, body: { ...agent, profile: 'user', queueIds: [support.id] } });
    const connection = await connectSandbox(token, [], businessNumber);
    await call(apiUrl(`/whatsapp/${connection.id}`), { method: 'PUT', token, body: { greetingMessage: 'Olá! Escolha um departamento:', queueIds: [sales.id, support.id] } });
    browser = await launchBrowser();
    page = await (await newContext(browser)).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const inbox = async () => (await call<Array<{ body: string }>>(sandboxUrl(`/messages?customer=${customer.number}`))).map((m) => m.body);
  const says = (body: string) => call(sandboxUrl('/messages'), { body: { from: customer.number, to: businessNumber, pushName: customer.name, body } });
  const received = (count: number) => eventually(`${count} bot messages at the customer`, async () => ((await inbox()).length >= count ? inbox() : undefined));

  it('menu, a queue by number, its option; the ticket shows up pending in that queue for its agent', async () => {
    await step('chatbot-agent-logs-in', [page], async () => {
      await logIn(page, agent.email, agent.password);
      await page.goto(webUrl('/tickets'));
      await page.getByTestId('tab-pending').click();
      await page.getByTestId('tickets-pending').waitFor();
    });

    await step('chatbot-customer-gets-menu', [page], async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_500)); // the connection's greeting reaches the tickets service
      await says('oi');
      expect(await received(1)).toEqual([MENU]);
      // without a queue the ticket is not this agent's yet
      expect(await page.getByTestId('tickets-pending').getByRole('listitem').filter({ hasText: customer.name }).count()).toBe(0);
    });

    await step('chatbot-customer-picks-queue', [page], async () => {
      await says('2');
      expect((await received(2)).slice(1)).toEqual([SUPPORT_MENU]);
      await says('1');
      expect((await received(3)).slice(2)).toEqual([INTERNET]);
      await page.getByTestId('tickets-pending').getByRole('listitem').filter({ hasText: customer.name }).waitFor({ timeout: 20_000 });
      await screenshot(page, 'chatbot-01-ticket-in-queue');
    });
  });
});
