import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { apiUrl, chooseOption, launchBrowser, logIn, newContext, screenshot, step, webUrl } from './browser.js';
import { call, connectSandbox, eventually, sandboxUrl } from './platform-calls.js';

const id = randomBytes(3).toString('hex');
const suffix = String(parseInt(id, 16) % 10_000).padStart(4, '0');
const company = { name: `Assistente ${id}`, email: `assistente-${id}@e2e.test`, password: 'senha123' };
const agent = { name: 'Vera Vendas', email: `vera-${id}@e2e.test`, password: 'senha123' };
const businessNumber = `5511967${suffix}`;
const customer = { number: `5521956${suffix}`, name: `Cliente IA ${id}` };

type SandboxMessage = { body: string };

/**
 * Issue 14's browser story: an admin creates an OpenAI prompt on a queue on the prompts page, a
 * sandbox customer asks a question and receives the assistant's answer (the platform's ai service
 * talks to apps/openai-sandbox through the official SDK), then asks for a human and the ticket shows
 * up pending for the queue's agent.
 */
describe('an OpenAI assistant answers a WhatsApp customer, then hands over to the queue', () => {
  let browser: Browser;
  let admin: Page;
  let seller: Page;
  let token: string;
  let sales: { id: number };

  beforeAll(async () => {
    const [plan] = await call<Array<{ id: number }>>(apiUrl('/plans/list'));
    await call(apiUrl('/companies/cadastro'), {
      body: { name: company.name, email: company.email, password: company.password, phone: '11987654321', planId: plan!.id },
    });
    token = (await call<{ token: string }>(apiUrl('/auth/login'), { body: { email: company.email, password: company.password } })).token;
    sales = await call<{ id: number }>(apiUrl('/queue'), { token, body: { name: 'Vendas', color: '#1677ff', greetingMessage: '' } });
    await call(apiUrl('/users'), { token, body: { ...agent, profile: 'user', queueIds: [sales.id] } });
    await connectSandbox(token, [sales.id], businessNumber);
    browser = await launchBrowser();
    admin = await (await newContext(browser)).newPage();
    seller = await (await newContext(browser)).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const inbox = () => call<SandboxMessage[]>(sandboxUrl(`/messages?customer=${customer.number}&business=${businessNumber}`));

  it('creates the prompt in the browser, answers the customer, and hands the ticket to the queue’s agent on request', async () => {
    await step('prompts-create', [admin], async () => {
      await logIn(admin, company.email, company.password);
      await admin.goto(webUrl('/prompts'));
      await admin.getByTestId('add-prompt').click();
      const dialog = admin.getByRole('dialog');
      await dialog.getByTestId('prompt-name-input').fill('Assistente de vendas');
      await dialog.getByTestId('prompt-api-key').fill('sk-e2e-chave-secreta');
      await dialog.getByTestId('prompt-text').fill('Você é a assistente de vendas da loja. Responda com gentileza.');
      await dialog.getByTestId('prompt-form-submit').click();
      await admin.getByText('Informe o setor').waitFor();
      await chooseOption(admin, '#prompt_queueId', 'Vendas');
      await dialog.getByTestId('prompt-form-submit').click();
      const row = admin.getByTestId('prompts-table').locator('tr', { hasText: 'Assistente de vendas' });
      await row.getByRole('cell', { name: 'Vendas', exact: true }).waitFor();
      await row.getByRole('cell', { name: '100', exact: true }).waitFor();
      await screenshot(admin, 'prompts-01-list');
      expect(await admin.content()).not.toContain('sk-e2e-chave-secreta');
    });

    await step('prompts-on-queue', [admin], async () => {
      // one session per user: the browser's login ended the API's, so log in again (the admin's page is done)
      token = (await call<{ token: string }>(apiUrl('/auth/login'), { body: { email: company.email, password: company.password } })).token;
      const { prompts } = await call<{ prompts: Array<{ id: number; name: string }> }>(apiUrl('/prompt'), { token });
      const prompt = prompts.find((candidate) => candidate.name === 'Assistente de vendas')!;
      // the queue modal's prompt select is issue 11's screen; the same PUT /queue it sends
      await call(apiUrl(`/queue/${sales.id}`), { method: 'PUT', token, body: { promptId: prompt.id } });
    });

    await step('prompts-customer-asks', [seller], async () => {
      await logIn(seller, agent.email, agent.password);
      await call(sandboxUrl('/messages'), {
        body: { from: customer.number, to: businessNumber, pushName: customer.name, body: 'Qual o prazo de entrega?' },
      });
      await eventually(
        'the assistant’s answer',
        async () => (await inbox()).some((m) => m.body === 'Eco: Qual o prazo de entrega?'),
        60_000,
      );
    });

    await step('prompts-customer-asks-for-a-human', [seller], async () => {
      await call(sandboxUrl('/messages'), {
        body: { from: customer.number, to: businessNumber, pushName: customer.name, body: 'Quero falar com um atendente' },
      });
      const ticket = await eventually(
        'the ticket handed to the queue',
        async () => {
          const { tickets } = await call<{
            tickets: Array<{ id: number; status: string; queueId: number; chatbot: boolean; contact: { number: string } }>;
          }>(apiUrl('/tickets?showAll=true'), { token });
          const found = tickets.find((t) => t.contact.number === customer.number);
          return found && found.status === 'pending' && found.queueId === sales.id && found.chatbot === false ? found : undefined;
        },
        60_000,
      );
      expect(ticket).toBeDefined();
      await seller.goto(webUrl('/tickets'));
      await seller.getByTestId('tab-pending').click();
      const pending = seller.getByTestId('tickets-pending').getByRole('listitem').filter({ hasText: customer.name });
      await pending.waitFor();
      await pending.getByText('Vendas').waitFor();
      await screenshot(seller, 'prompts-02-pending-for-the-agent');
      expect((await inbox()).map((m) => m.body).filter((body) => body.includes('Ação: Transferir'))).toEqual([]);
    });
  });
});
