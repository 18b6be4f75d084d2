import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { apiUrl, launchBrowser, logIn, newContext, screenshot, step, webUrl } from './browser.js';
import { call, eventually } from './platform-calls.js';

const id = randomBytes(3).toString('hex');
const company = { name: `Primeira ${id}`, email: `primeira-${id}@e2e.test`, password: 'senha123' };
/** A second admin, who sets the company up through the API while the first one watches the dashboard. */
const helper = { name: `Ajudante ${id}`, email: `ajudante-${id}@e2e.test`, password: 'senha123', profile: 'admin' };

describe('the first hour of a new company: trial days and the first-run checklist', () => {
  let browser: Browser;
  let page: Page;
  let helperToken: string;

  beforeAll(async () => {
    const superToken = (await call<{ token: string }>(apiUrl('/auth/login'), { body: { email: 'admin@admin.com', password: '123456' } }))
      .token;
    const plan = await call<{ id: number }>(apiUrl('/plans'), {
      token: superToken,
      body: { name: `Primeira ${id}`, users: 5, connections: 2, queues: 3, value: 49.9 },
    });
    await call(apiUrl('/companies/cadastro'), {
      body: { name: company.name, email: company.email, password: company.password, phone: '11987654321', planId: plan.id },
    });
    browser = await launchBrowser();
    page = await (await newContext(browser)).newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('warns of the 3 trial days signup promised, guides the admin through the checklist and lets them dismiss it', async () => {
    await step('onboarding-login', [page], async () => {
      await logIn(page, company.email, company.password);
      // days to the due date on the platform's calendar, whatever the browser's zone and hour
      await page.getByText('Sua assinatura vence em 3 dia(s)').waitFor();
      const card = page.getByTestId('onboarding');
      await card.getByText('Primeiros passos').waitFor({ timeout: 60_000 });
      await card.getByTestId('onboarding-progress').getByText('0 de 4').waitFor();
      await screenshot(page, 'onboarding-01-new-company');
    });

    await step('onboarding-progress', [page], async () => {
      const adminToken = (
        await call<{ token: string }>(apiUrl('/auth/login'), { body: { email: company.email, password: company.password } })
      ).token;
      await call(apiUrl('/users'), { token: adminToken, body: helper });
      helperToken = (await call<{ token: string }>(apiUrl('/auth/login'), { body: { email: helper.email, password: helper.password } }))
        .token;
      await call(apiUrl('/queue'), {
        token: helperToken,
        body: { name: 'Vendas', color: '#1677ff', greetingMessage: 'Olá! Digite 1 para vendas.' },
      });
      // the browser's own session ended with the API login above (one session per user): log in again
      await logIn(page, company.email, company.password);
      await page.goto(webUrl('/'));
      const card = page.getByTestId('onboarding');
      await card.getByTestId('onboarding-progress').getByText('3 de 4').waitFor({ timeout: 30_000 });
      expect(await card.getByTestId('onboarding-queue').getAttribute('data-done')).toBe('true');
      expect(await card.getByTestId('onboarding-agent').getAttribute('data-done')).toBe('true');
      expect(await card.getByTestId('onboarding-greeting').getAttribute('data-done')).toBe('true');
      expect(await card.getByTestId('onboarding-connection').getAttribute('data-done')).toBe('false');
      await screenshot(page, 'onboarding-02-three-done');
      await card.getByRole('link', { name: 'Ir para Conexões' }).click();
      await page.waitForURL((url) => url.pathname === '/connections');
    });

    await step('onboarding-dismiss', [page], async () => {
      await page.goto(webUrl('/'));
      await page.getByTestId('onboarding-dismiss').click();
      await page.getByTestId('onboarding').waitFor({ state: 'detached' });
      await eventually(
        'the dismissal stored for the company',
        async () => (await call<{ dismissed: boolean }>(apiUrl('/onboarding'), { token: helperToken })).dismissed,
      );
      // after a reload the page reads the checklist again, and shows nothing
      const read = page.waitForResponse(
        (response) => new URL(response.url()).pathname.endsWith('/onboarding') && response.request().method() === 'GET',
      );
      await page.reload();
      expect((await (await read).json()) as { dismissed: boolean }).toMatchObject({ dismissed: true });
      await page.locator('.dashboard-page').waitFor();
      expect(await page.getByTestId('onboarding').count()).toBe(0);
      await screenshot(page, 'onboarding-03-dismissed');
    });
  }, 240_000);
});
