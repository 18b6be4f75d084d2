import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { addQueueOption, apiUrl, launchBrowser, logIn, newContext, screenshot, step, webUrl } from './browser.js';
import { call, connectSandbox, eventually } from './platform-calls.js';
import { sandboxCustomer } from './sandbox-customer.js';

const id = randomBytes(3).toString('hex');
const suffix = String(parseInt(id, 16) % 1_000_000).padStart(6, '0');
const company = { name: `Chatbot ${id}`, email: `chatbot-${id}@e2e.test`, password: 'senha123' };
/** A second admin for the test's own API calls: the browser's login ends the company admin's other session. */
const auditor = { name: 'Auditora', email: `auditora-bot-${id}@e2e.test`, password: 'senha123' };
const agent = { name: 'Sofia Suporte', email: `sofia-${id}@e2e.test`, password: 'senha123' };
const businessNumber = `5511976${suffix}`;
const customer = { number: `5521976${suffix}`, name: `Cliente Robô ${id}` };
/** The first visit of a lazily loaded page on a busy CI machine. */
const PAGE_LOAD = { timeout: 60_000 };

const MENU = 'Olá! Escolha um departamento:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte';
const SUPPORT_MENU = 'Suporte técnico\n\n*[ 1 ]* - Internet\n*[ 2 ]* - Fatura\n\n*[ # ]* - Voltar ao Menu Principal';
const INTERNET = 'Problemas de internet:\n\n*[ 1 ]* - Sem sinal\n\n*[ 0 ]* - Voltar\n*[ # ]* - Voltar ao Menu Principal';
const NO_SIGNAL = 'Reinicie o modem.\n\n*[ 0 ]* - Voltar\n*[ # ]* - Voltar ao Menu Principal';

/**
 * Issue 11 end to end: an admin builds a queue with a two-level option tree in the queue modal of
 * the real web app; a sandbox customer walks it over WhatsApp; the queue's agent sees the ticket
 * pending in that queue with the robot icon while the bot drives it, and without it once accepted.
 */
describe('an option tree built in the queue modal, walked by a customer, handed to the queue’s agent', () => {
  let browser: Browser;
  let adminPage: Page;
  let agentPage: Page;
  let token: string;
  let sales: { id: number };

  beforeAll(async () => {
    const superToken = (await call<{ token: string }>(apiUrl('/auth/login'), { body: { email: 'admin@admin.com', password: '123456' } }))
      .token;
    const plan = await call<{ id: number }>(apiUrl('/plans'), {
      token: superToken,
      body: { name: `Chatbot ${id}`, users: 5, connections: 2, queues: 3, value: 0 },
    });
    await call(apiUrl('/companies/cadastro'), {
      body: { name: company.name, email: company.email, password: company.password, phone: '11987654321', planId: plan.id },
    });
    const adminToken = (
      await call<{ token: string }>(apiUrl('/auth/login'), { body: { email: company.email, password: company.password } })
    ).token;
    await call(apiUrl('/users'), { token: adminToken, body: { ...auditor, profile: 'admin' } });
    token = (await call<{ token: string }>(apiUrl('/auth/login'), { body: { email: auditor.email, password: auditor.password } })).token;
    sales = await call<{ id: number }>(apiUrl('/queue'), {
      token,
      body: { name: 'Vendas', color: '#8e24aa', greetingMessage: 'Vendas aqui' },
    });
    browser = await launchBrowser();
    adminPage = await (await newContext(browser)).newPage();
    agentPage = await (await newContext(browser)).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const { inbox, says, received } = sandboxCustomer(customer, businessNumber);

  it('builds the tree in the modal; the customer walks it; the agent sees the robot icon until accepting', async () => {
    await step('chatbot-admin-builds-tree', [adminPage], async () => {
      await logIn(adminPage, company.email, company.password);
      await adminPage.goto(webUrl('/queues'));
      await adminPage.getByTestId('add-queue').waitFor(PAGE_LOAD);
      await adminPage.getByTestId('add-queue').click();
      const dialog = adminPage.getByRole('dialog');
      await dialog.locator('#queue_name').fill('Suporte');
      await dialog.locator('#queue_greetingMessage').fill('Suporte técnico');
      await adminPage.getByTestId('queue-form-submit').click();
      await adminPage.getByText('Queue saved successfully').first().waitFor();
      await dialog.getByTestId('option-add-root').waitFor(PAGE_LOAD);
      await addQueueOption(dialog, 'option-add-root', 'option-new-root', 'Internet', 'Problemas de internet:');
      await dialog.getByTestId('option-label-1').getByText('[1] Internet').waitFor();
      await addQueueOption(dialog, 'option-add-root', 'option-new-root', 'Fatura', 'Segunda via em nosso site.');
      await dialog.getByTestId('option-label-2').getByText('[2] Fatura').waitFor();
      await addQueueOption(dialog, 'option-add-1', 'option-new-1', 'Sem sinal', 'Reinicie o modem.');
      await dialog.getByTestId('option-label-1.1').getByText('[1] Sem sinal').waitFor();
      await screenshot(adminPage, 'chatbot-01-tree-built');
      await adminPage.getByTestId('queue-form-submit').click();
      await dialog.waitFor({ state: 'hidden' });
    });

    // The queue's agent and the connection (API: the screens for them have tests of their own).
    const support = (await call<Array<{ id: number; name: string }>>(apiUrl('/queue'), { token })).find(
      (queue) => queue.name === 'Suporte',
    )!;
    await call(apiUrl('/users'), { token, body: { ...agent, profile: 'user', queueIds: [support.id] } });
    // created with its greeting and queues: the tickets service has them long before the session connects
    await connectSandbox(token, [sales.id, support.id], businessNumber, { greetingMessage: 'Olá! Escolha um departamento:' });

    await step('chatbot-agent-logs-in', [agentPage], async () => {
      await logIn(agentPage, agent.email, agent.password);
      await agentPage.goto(webUrl('/tickets'));
      await agentPage.getByTestId('tab-pending').click();
      await agentPage.getByTestId('tickets-pending').waitFor(PAGE_LOAD);
    });

    const item = () => agentPage.getByTestId('tickets-pending').getByRole('listitem').filter({ hasText: customer.name });
    await step('chatbot-customer-walks-tree', [agentPage], async () => {
      await says('oi');
      expect(await received(1)).toEqual([MENU]);
      // without a queue the ticket is not this agent's yet
      expect(await item().count()).toBe(0);
      await says('2');
      expect((await received(2)).slice(1)).toEqual([SUPPORT_MENU]);
      await says('1');
      expect((await received(3)).slice(2)).toEqual([INTERNET]);
      await says('1');
      expect((await received(4)).slice(3)).toEqual([NO_SIGNAL]);
      await says('0');
      expect((await received(5)).slice(4)).toEqual([INTERNET]);
    });

    await step('chatbot-agent-sees-robot', [agentPage], async () => {
      await item().waitFor({ timeout: 20_000 });
      await item().getByText('Suporte').first().waitFor();
      await item().locator('.ticket-item-bot').waitFor();
      await screenshot(agentPage, 'chatbot-02-pending-with-robot');
    });

    await step('chatbot-agent-accepts', [agentPage], async () => {
      await item().getByRole('button', { name: 'Aceitar' }).click();
      await agentPage.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
      const open = agentPage.getByTestId('tickets-open').getByRole('listitem').filter({ hasText: customer.name });
      await open.waitFor();
      await agentPage.getByTestId('ticket-view').getByTestId('messages-list').getByText('Reinicie o modem.').first().waitFor();
      await eventually('the robot icon to go', async () => (await open.locator('.ticket-item-bot').count()) === 0);
      await screenshot(agentPage, 'chatbot-03-accepted-without-robot');
    });

    // Handed over: the customer's next message reaches the agent, the bot stays silent.
    await says('#');
    await says('Reiniciei e voltou, obrigada!');
    await agentPage.getByTestId('ticket-view').getByTestId('messages-list').getByText('Reiniciei e voltou, obrigada!').waitFor();
    expect(await inbox()).toEqual([MENU, SUPPORT_MENU, INTERNET, NO_SIGNAL, INTERNET]);
  });
});
