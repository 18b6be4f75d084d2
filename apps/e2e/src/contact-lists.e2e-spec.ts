import { randomBytes } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import type { Browser, Page } from 'playwright-core';
import { apiUrl, launchBrowser, logIn, newContext, screenshot, step, webUrl } from './browser.js';
import { call, connectSandbox } from './platform-calls.js';

const id = randomBytes(3).toString('hex');
const suffix = String(parseInt(id, 16) % 1_000_000).padStart(6, '0');
const company = { name: `Listas ${id}`, email: `listas-${id}@e2e.test`, password: 'senha123' };
const businessNumber = `5511966${suffix}`;

function spreadsheet(): Buffer {
  const book = XLSX.utils.book_new();
  const rows = [
    ['Nome', 'Número', 'E-mail'],
    ['Ana Planilha', `5511955${suffix}`, 'ana@example.com'],
    ['Bruno Planilha', `5511956${suffix}`, ''],
    ['Ana Repetida', `5511955${suffix}`, ''],
    ['Sem Número', '', ''],
  ];
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Contatos');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

describe('an admin imports a contact list from an xlsx file in the browser', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    const superToken = (await call<{ token: string }>(apiUrl('/auth/login'), { body: { email: 'admin@admin.com', password: '123456' } }))
      .token;
    const plan = await call<{ id: number }>(apiUrl('/plans'), {
      token: superToken,
      body: { name: `Listas ${id}`, users: 5, connections: 2, queues: 3, value: 0, useCampaigns: true },
    });
    await call(apiUrl('/companies/cadastro'), {
      body: { name: company.name, email: company.email, password: company.password, phone: '11987654321', planId: plan.id },
    });
    const adminToken = (
      await call<{ token: string }>(apiUrl('/auth/login'), { body: { email: company.email, password: company.password } })
    ).token;
    await call(apiUrl('/settings/campaignsEnabled'), {
      method: 'PUT',
      token: adminToken,
      body: { key: 'campaignsEnabled', value: 'true' },
    });
    const queue = await call<{ id: number }>(apiUrl('/queue'), {
      token: adminToken,
      body: { name: 'Vendas', color: '#1677ff', greetingMessage: '' },
    });
    await connectSandbox(adminToken, [queue.id], businessNumber);
    browser = await launchBrowser();
    page = await (await newContext(browser)).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a list, imports the sheet with live progress, and shows the valid contacts', async () => {
    await step('contact-lists-create', [page], async () => {
      await logIn(page, company.email, company.password);
      await page.goto(webUrl('/contact-lists'));
      await page.getByTestId('add-contact-list').click();
      await page.getByLabel('Nome').fill('Clientes da planilha');
      await page.getByTestId('contact-list-form-submit').click();
      await page.getByTestId('contact-lists-table').getByText('Clientes da planilha').waitFor();
      expect(await page.locator('a[href="/planilha.xlsx"]').count()).toBeGreaterThan(0);
      await page.locator('[data-testid^="open-contact-list-"]').first().click();
      await page.getByTestId('contact-list-items-table').waitFor();
    });

    await step('contact-lists-import', [page], async () => {
      await page.getByTestId('contact-list-import-input').setInputFiles({
        name: 'contatos.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: spreadsheet(),
      });
      await page.getByText('Baixar planilha de exemplo').waitFor();
      await page.getByTestId('contact-list-import-confirm').click();
      const progress = page.getByTestId('contact-list-import-progress');
      await progress.getByText('Importação de contatos.xlsx concluída').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('contact-list-import-counts').innerText()).toBe(
        '4 de 4 linhas lidas · 2 adicionados · 1 duplicados · 1 inválidos · 2 verificados no WhatsApp (2 válidos)',
      );
      await progress.getByText('Linha 5: número ausente').waitFor();
      const table = page.getByTestId('contact-list-items-table');
      await table.getByText('Ana Planilha').waitFor();
      await table.getByText('Bruno Planilha').waitFor();
      await page.getByTestId('item-valid').nth(1).waitFor();
      expect(await table.getByText('Ana Repetida').count()).toBe(0);
      await screenshot(page, 'contact-lists-01-imported');
    });
  });
});
