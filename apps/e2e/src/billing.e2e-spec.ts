import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { apiUrl, launchBrowser, logIn, newContext, screenshot, step, webUrl } from './browser.js';
import { call, eventually } from './platform-calls.js';

/** stripe-sandbox of the platform under test (global-setup.mjs): the payer's bank in this test. */
function stripeSandboxUrl(pathname: string): string {
  const base = process.env.E2E_STRIPE_SANDBOX_URL;
  if (!base) throw new Error('E2E_STRIPE_SANDBOX_URL is not set: run the browser tests through `npm run e2e`');
  return `${base}${pathname}`;
}

/** The demo super user `npm start` seeds outside production (tools/start.mjs). */
const SUPER = { email: 'admin@admin.com', password: '123456' };
const id = randomBytes(3).toString('hex');
const company = { name: `Faturas ${id}`, email: `faturas-${id}@e2e.test`, password: 'senha123' };

interface Invoice {
  id: number;
  value: string;
  dueDate: string;
  status: string;
}

/** Intl writes 'R$\u00a099,90'; compare with plain spaces. */
function text(value: string | null): string {
  return (value ?? '').replace(/\s/g, ' ');
}

function ddmmyyyy(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return `${day}/${month}/${year}`;
}

/** YYYY-MM-DD one month later, as MENSAL renews (day clamped to the month's end). */
function plusOneMonth(isoDay: string): string {
  const [year, month, day] = isoDay.split('-').map(Number) as [number, number, number];
  const nextMonth = month === 12 ? 1 : month + 1;
  const nextYear = month === 12 ? year + 1 : year;
  const lastDay = new Date(Date.UTC(nextYear, nextMonth, 0)).getUTCDate();
  return `${nextYear}-${String(nextMonth).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}

describe('paying an invoice by Pix in a browser (stripe-sandbox)', () => {
  let browser: Browser;
  let page: Page;
  let adminToken: string;
  let superToken: string;
  let companyId: number;

  beforeAll(async () => {
    superToken = (await call<{ token: string }>(apiUrl('/auth/login'), { body: SUPER })).token;
    const plan = await call<{ id: number }>(apiUrl('/plans'), {
      token: superToken,
      body: { name: `Pix ${id}`, users: 5, connections: 2, queues: 3, value: 99.9 },
    });
    await call(apiUrl('/companies/cadastro'), {
      body: { name: company.name, email: company.email, password: company.password, phone: '11987654321', planId: plan.id },
    });
    const admin = await call<{ token: string; user: { companyId: number } }>(apiUrl('/auth/login'), {
      body: { email: company.email, password: company.password },
    });
    adminToken = admin.token;
    companyId = admin.user.companyId;
    browser = await launchBrowser();
    page = await (await newContext(browser)).newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('checks out, shows the QR, turns CONCLUIDA live once the sandbox pays it, and the due date moves', async () => {
    // Billing issues the invoice of the new company (due on its trial end) on its company.created event.
    const invoice = await eventually('the invoice of the new company', async () => {
      const found = await call<{ invoices: Invoice[] }>(apiUrl('/invoices/all?paged=true'), { token: adminToken });
      return found.invoices[0];
    });
    expect(invoice).toMatchObject({ value: '99.90', status: 'open' });
    const dueBefore = (await call<{ company: { dueDate: string } }>(apiUrl('/auth/me'), { token: adminToken })).company.dueDate;
    expect(dueBefore).toBe(invoice.dueDate);

    let code = '';
    await step('billing-checkout', [page], async () => {
      await logIn(page, company.email, company.password);
      await page.goto(webUrl('/financeiro'));
      const row = page.locator('.ant-table-row', { hasText: `Pix ${id}` });
      // The first page load of the run can be slow on a busy machine (the lazy chunk of the page).
      await row.getByText('Em Aberto').waitFor({ timeout: 60_000 });
      await row.getByText('R$ 99,90').waitFor();
      await screenshot(page, 'billing-01-invoices');
      await row.getByTestId('invoice-pay').click();
      const dialog = page.getByRole('dialog');
      // A new company has no billing data: the flow opens at Dados (the first step needing input),
      // its name filled with the company's; going on without the rest shows the spec's texts.
      await dialog.locator('#checkout_firstName').waitFor();
      expect(await dialog.locator('#checkout_firstName').inputValue()).toBe(company.name);
      expect(await dialog.getByTestId('checkout-plan').count()).toBe(0);
      await dialog.getByTestId('checkout-next').click();
      await dialog.getByText('O Endereço é obrigatório').waitFor();
      await dialog.getByText('Cidade é obrigatória').waitFor();
      await screenshot(page, 'billing-02-data-required');
      await dialog.locator('#checkout_firstName').fill('Maria Silva');
      await dialog.locator('#checkout_address2').fill('Rua das Flores, 10');
      await dialog.locator('#checkout_city').fill('São Paulo');
      await dialog.locator('#checkout_zipcode').fill('01000-000');
      await dialog.getByTestId('checkout-next').click();
      await dialog.getByTestId('checkout-choose-plan').click();
      await dialog.getByTestId('checkout-review').getByText('Maria Silva, Rua das Flores, 10, São Paulo, 01000-000, BR').waitFor();
      // The first PAGAR pays: the Pix QR, never back to Dados.
      await dialog.getByTestId('checkout-pay').click();
      const qr = dialog.getByTestId('pix-qr');
      await qr.locator('svg').waitFor();
      expect(await qr.locator('svg').getAttribute('height')).toBe('256');
      code = (await qr.getAttribute('data-qr')) ?? '';
      expect(code).toMatch(/^000201/);
      expect(await dialog.getByTestId('pix-code').inputValue()).toBe(code);
      await dialog.getByText('Valor: R$ 99,90').waitFor();
      await dialog.getByTestId('pix-copy').click();
      await dialog.getByText('Copiado!').waitFor();
      await screenshot(page, 'billing-03-pix');
    });

    const dueAfter = plusOneMonth(dueBefore);
    await step('billing-paid', [page], async () => {
      // The payer's bank pays the code the screen shows.
      await call(stripeSandboxUrl('/_sandbox/pix/pay'), { body: { code } });
      await page.getByText(`Sua licença foi renovada até ${ddmmyyyy(dueAfter)}!`).waitFor();
      await screenshot(page, 'billing-04-renewed');
      await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
      await page.goto(webUrl('/financeiro'));
      await page
        .locator('.ant-table-row', { hasText: `Pix ${id}` })
        .getByTestId('invoice-status')
        .filter({ hasText: 'Pago' })
        .waitFor();
      await screenshot(page, 'billing-05-paid');
    });
    // The browser's sign-in ended the admin's API session (one session per user): ask as the super user.
    expect((await call<{ dueDate: string }>(apiUrl(`/companies/${companyId}`), { token: superToken })).dueDate).toBe(dueAfter);

    // The fee comes from the balance transaction, read when billing settles the payment.
    await eventually('the fee of the payment', async () => {
      const rows = await call<Array<{ invoiceId: number | null; fee: string | null }>>(apiUrl('/invoices/reconciliation'), {
        token: superToken,
      });
      return rows.find((candidate) => candidate.invoiceId === invoice.id && candidate.fee !== null);
    });
    await step('billing-reconciliation', [page], async () => {
      const superPage = await (await newContext(browser)).newPage();
      await logIn(superPage, SUPER.email, SUPER.password);
      await superPage.goto(webUrl('/reconciliation'));
      // Stripe's Pix fee in the sandbox: 1.19 % of R$ 99,90 = R$ 1,19; net R$ 98,71.
      const row = superPage.locator('.ant-table-row', { hasText: company.name });
      await row.getByText(String(invoice.id), { exact: true }).waitFor();
      expect(text(await row.getByTestId('reconciliation-fee').textContent())).toBe('R$ 1,19');
      expect(text(await row.getByTestId('reconciliation-net').textContent())).toBe('R$ 98,71');
      await row.getByText('Pago', { exact: true }).waitFor();
      await screenshot(superPage, 'billing-06-reconciliation');
      await superPage.close();
    });
  }, 240_000);
});
