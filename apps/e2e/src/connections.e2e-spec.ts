import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { apiUrl, chooseOption, launchBrowser, logIn, newContext, screenshot, step, webUrl } from './browser.js';

/** wa-sandbox of the platform under test (global-setup.mjs). */
function sandboxUrl(pathname: string): string {
  const base = process.env.E2E_SANDBOX_URL;
  if (!base) throw new Error('E2E_SANDBOX_URL is not set: run the browser tests through `npm run e2e`');
  return `${base}${pathname}`;
}

async function json<T>(url: string, method = 'GET', body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const id = randomBytes(3).toString('hex');
const company = { name: `Conexões ${id}`, email: `conexoes-${id}@e2e.test`, password: 'senha123' };
const businessNumber = `5511977${String(parseInt(id, 16) % 1_000_000).padStart(6, '0')}`;

describe('connecting a WhatsApp number in a browser (sandbox network)', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    const [plan] = await json<Array<{ id: number }>>(apiUrl('/plans/list'));
    await json(apiUrl('/companies/cadastro'), 'POST', {
      name: company.name,
      email: company.email,
      password: company.password,
      phone: '11987654321',
      planId: plan!.id,
    });
    browser = await launchBrowser();
    page = await (await newContext(browser)).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('adds a sandbox connection, shows its QR code, and turns CONNECTED live once the phone scans it', async () => {
    await step('connections-add', [page], async () => {
      await logIn(page, company.email, company.password);
      await page.goto(webUrl('/connections'));
      await page.getByTestId('add-connection').click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('#connection_name').fill('Vendas');
      await chooseOption(page, '#connection_provider', 'Sandbox');
      await page.getByTestId('connection-form-submit').click();
      await page.getByText('WhatsApp salvo com sucesso.').waitFor();
      await screenshot(page, 'connections-01-added');
    });

    await step('connections-qr', [page], async () => {
      const row = page.locator('.ant-table-row', { hasText: 'Vendas' });
      await row.getByRole('button', { name: 'QR CODE' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Abra o WhatsApp no seu celular').waitFor();
      const qr = dialog.getByTestId('qr-code');
      await qr.locator('svg').waitFor();
      expect(await qr.locator('svg').getAttribute('height')).toBe('256');
      await screenshot(page, 'connections-02-qr');

      // The phone scans what the dialog shows.
      const code = await qr.getAttribute('data-qr');
      expect(code).toMatch(/^sandbox-qr:/);
      await json(sandboxUrl('/scan'), 'POST', { qr: code, number: businessNumber });
      await dialog.waitFor({ state: 'hidden' });
      await row.getByText('Conectado').waitFor();
      await row.getByRole('button', { name: 'Desconectar' }).waitFor();
      await screenshot(page, 'connections-03-connected');
    });

    const sessions = await json<Array<{ number: string; connected: boolean }>>(sandboxUrl('/sessions'));
    expect(sessions).toContainEqual(expect.objectContaining({ number: businessNumber, connected: true }));
  });

  it('shows why a connection that cannot reach WhatsApp is disconnected, and retries it on request', async () => {
    await step('connections-unreachable', [page], async () => {
      await page.goto(webUrl('/connections'));
      await page.getByTestId('add-connection').click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('#connection_name').fill('Sem rede');
      await chooseOption(page, '#connection_provider', 'WhatsApp (beta)');
      await page.getByTestId('connection-form-submit').click();
      await page.getByText('WhatsApp salvo com sucesso.').waitFor();

      // WhatsApp's server is a closed port here (global-setup): the attempt ends at once, with its reason.
      const row = page.locator('.ant-table-row', { hasText: 'Sem rede' });
      await row.getByText('Desconectado').waitFor({ timeout: 30_000 });
      await row.getByText('Não foi possível alcançar o WhatsApp').waitFor();
      await screenshot(page, 'connections-04-unreachable');

      // "Tentar novamente" starts an attempt at once; it fails the same way and says so again.
      await row.getByRole('button', { name: 'Tentar novamente' }).click();
      await row.getByText('Desconectado').waitFor({ timeout: 30_000 });
      await row.getByText('Não foi possível alcançar o WhatsApp').waitFor();
    });
  });
});
