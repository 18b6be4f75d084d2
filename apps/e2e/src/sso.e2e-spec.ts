import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { apiUrl, launchBrowser, logIn, newContext, screenshot, step, webUrl } from './browser.js';
import { call } from './platform-calls.js';

const id = randomBytes(3).toString('hex');
const domain = `sso-${id}.test`;
const company = { name: `SSO ${id}`, email: `admin-${id}@example.com`, password: 'senha123' };
const employee = { email: `ana-${id}@${domain}`, name: `Ana ${id}` };

/** oidc-sandbox of the platform under test (global-setup.mjs): the demo client takes the gateway's callback. */
function oidcUrl(pathname = ''): string {
  const base = process.env.E2E_OIDC_URL;
  if (!base) throw new Error('E2E_OIDC_URL is not set: run the browser tests through `npm run e2e`');
  return `${base}${pathname}`;
}

describe('single sign-on with OpenID Connect (issue 28)', () => {
  let browser: Browser;
  let adminPage: Page;
  let page: Page;

  beforeAll(async () => {
    const plan = (await call<{ id: number }[]>(apiUrl('/plans/list')))[0]!;
    await call(apiUrl('/companies/cadastro'), {
      body: { name: company.name, email: company.email, password: company.password, phone: '11987654321', planId: plan.id },
    });
    // the company's employee exists at the provider only: Atrium creates them at their first login
    await call(oidcUrl('/_sandbox/users'), { body: employee });
    browser = await launchBrowser();
    adminPage = await (await newContext(browser)).newPage();
    page = await (await newContext(browser)).newPage();
    for (const each of [adminPage, page]) each.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('an admin names the provider in the settings; an employee signs in through its login page and is created', async () => {
    await step('sso-settings', [adminPage], async () => {
      await logIn(adminPage, company.email, company.password);
      await adminPage.goto(webUrl('/settings'));
      const tab = adminPage.getByRole('tab', { name: 'Login único (SSO)' });
      await tab.waitFor({ timeout: 30_000 });
      await tab.click({ timeout: 30_000 });
      const form = adminPage.getByTestId('sso-settings-form');
      await form.locator('#issuer').fill(oidcUrl());
      await form.locator('#clientId').fill('atrium-demo');
      await form.locator('#clientSecret').fill('atrium-demo-secret');
      await form.locator('#domains').fill(domain);
      await form.locator('#domains').press('Enter');
      await adminPage.getByTestId('sso-settings-save').click();
      await adminPage.getByText('Configuração de SSO salva.').waitFor();
      await form.getByText('Guardado. Deixe em branco para mantê-lo.').waitFor();
      await screenshot(adminPage, 'sso-01-settings');
    });

    await step('sso-login', [page], async () => {
      await page.goto(webUrl('/login'));
      await page.locator('#email').fill(employee.email);
      await page.getByTestId('login-sso').click();
      // the provider's own page: pick the user
      await page.waitForURL((url) => url.href.startsWith(oidcUrl('/authorize')));
      await page.getByText('OIDC sandbox').first().waitFor();
      await screenshot(page, 'sso-02-provider');
      await page.getByRole('button', { name: new RegExp(employee.email) }).click();
      // back through the gateway's callback to the web app, signed in
      await page.waitForURL((url) => url.href.startsWith(webUrl('/')) && !url.pathname.startsWith('/login'), { timeout: 30_000 });
      await page.getByText(employee.name).first().waitFor();
      await screenshot(page, 'sso-03-signed-in');
    });

    await step('sso-user-created', [adminPage], async () => {
      const adminToken = (
        await call<{ token: string }>(apiUrl('/auth/login'), { body: { email: company.email, password: company.password } })
      ).token;
      const users = await call<{ email: string; profile: string }[]>(apiUrl('/users/list'), { token: adminToken });
      expect(users.find((user) => user.email === employee.email)).toMatchObject({ profile: 'user' });
    });
  });
});
