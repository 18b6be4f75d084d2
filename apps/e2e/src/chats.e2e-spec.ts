import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { apiUrl, launchBrowser, logIn, newContext, screenshot, step, webUrl } from './browser.js';

async function call<T>(url: string, options: { body?: unknown; token?: string } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const method = options.body === undefined ? 'GET' : 'POST';
  const response = await fetch(url, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

const id = randomBytes(3).toString('hex');
const company = { name: `Chat ${id}`, email: `chat-${id}@e2e.test`, password: 'senha123' };
const colleague = { name: 'Bea Plantão', email: `bea-${id}@e2e.test`, password: 'senha123' };

/** Whether the antd Badge under this test id shows its dot. */
async function hasDot(page: Page, testId: string): Promise<boolean> {
  return (await page.getByTestId(testId).locator('.ant-badge-dot').count()) > 0;
}

describe('two users chat live in the browser', () => {
  let browser: Browser;
  let admin: Page;
  let bea: Page;

  beforeAll(async () => {
    const [plan] = await call<Array<{ id: number }>>(apiUrl('/plans/list'));
    await call(apiUrl('/companies/cadastro'), { body: { ...company, phone: '11987654321', planId: plan!.id } });
    const { token } = await call<{ token: string }>(apiUrl('/auth/login'), { body: { email: company.email, password: company.password } });
    await call(apiUrl('/users'), { token, body: { ...colleague, profile: 'user', queueIds: [] } });
    browser = await launchBrowser();
    admin = await (await newContext(browser)).newPage();
    bea = await (await newContext(browser)).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a new chat and its message reach the colleague live: unread dot, badge, and read when opened', async () => {
    await step('chats-log-in', [admin, bea], async () => {
      await logIn(admin, company.email, company.password);
      await logIn(bea, colleague.email, colleague.password);
      await bea.goto(webUrl('/todolist'));
      await bea.getByTestId('chats-button').waitFor();
      expect(await hasDot(bea, 'chats-popover-dot')).toBe(false);
      await admin.goto(webUrl('/chats'));
      await admin.getByTestId('new-chat').waitFor();
    });

    await step('chats-create', [admin], async () => {
      await admin.getByTestId('new-chat').click();
      const dialog = admin.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Salvar' }).click();
      await admin.getByText('Por favor, preencha o título da conversa.').waitFor();
      await dialog.getByTestId('chat-title').fill('Plantão de sábado');
      // a multiple select stays open after a pick: choose, then close it
      await admin.locator('#users').click();
      await admin.locator('.ant-select-dropdown .ant-select-item-option', { hasText: colleague.name }).click();
      await dialog.locator('.ant-select-selection-item', { hasText: colleague.name }).waitFor();
      await admin.keyboard.press('Escape');
      await dialog.getByRole('button', { name: 'Salvar' }).click();
      await admin.waitForURL(/\/chats\/[0-9a-f-]{36}$/);
      await admin.getByTestId('chat-conversation').getByText('Plantão de sábado').waitFor();
    });

    await step('chats-send', [admin, bea], async () => {
      const input = admin.getByTestId('chat-input');
      await input.fill('Quem cobre a fila amanhã?');
      await input.press('Enter');
      await admin.getByTestId('chat-messages').getByText('Quem cobre a fila amanhã?').waitFor();
      await admin.getByTestId('chats-list').getByText('Quem cobre a fila amanhã?').waitFor();
      // the colleague's top bar shows the unread dot without a reload
      await bea.waitForFunction(() => document.querySelector('[data-testid="chats-popover-dot"] .ant-badge-dot') !== null);
      await screenshot(bea, 'chats-01-unread-dot');
    });

    await step('chats-badge-and-read', [bea], async () => {
      await bea.goto(webUrl('/chats'));
      const item = bea.getByTestId('chat-item').filter({ hasText: 'Plantão de sábado' });
      await item.getByText('Quem cobre a fila amanhã?').waitFor();
      await item.getByTestId('chat-unreads').getByText('1').waitFor();
      // a member who is not the owner has no edit or delete
      expect(await item.getByRole('button', { name: 'Excluir' }).count()).toBe(0);
      await screenshot(bea, 'chats-02-badge');
      await item.click();
      await bea.waitForURL(/\/chats\/[0-9a-f-]{36}$/);
      await bea.getByTestId('chat-messages').getByText('Quem cobre a fila amanhã?').waitFor();
      await bea.waitForFunction(() => document.querySelector('[data-testid="chat-item"] .ant-scroll-number') === null);
      await bea.waitForFunction(() => document.querySelector('[data-testid="chats-popover-dot"] .ant-badge-dot') === null);
    });

    await step('chats-reply-live', [admin, bea], async () => {
      const input = bea.getByTestId('chat-input');
      await input.fill('Eu cubro!');
      await bea.getByTestId('chat-send').click();
      await admin.getByTestId('chat-messages').getByText('Eu cubro!').waitFor();
      await admin.getByTestId('chats-list').getByText('Eu cubro!').waitFor();
      // a message arriving in the open chat is read at once: no badge, no dot for the admin
      await admin.waitForFunction(() => document.querySelector('[data-testid="chat-item"] .ant-scroll-number') === null);
      await admin.waitForFunction(() => document.querySelector('[data-testid="chats-popover-dot"] .ant-badge-dot') === null);
      await screenshot(admin, 'chats-03-reply');
    });
  });
});
