import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, logIn, newContext, screenshot, step, webUrl } from './browser.js';
import { signUpOnNewPlan } from './platform-calls.js';

const id = randomBytes(3).toString('hex');
const company = { name: `Dois Fatores ${id}`, email: `dois-fatores-${id}@e2e.test`, password: 'senha123' };

/** An authenticator app: codes of later and later time steps (the platform accepts each step once). */
function authenticator(secret: string) {
  let lastStep = -1;
  return async () => {
    const now = Math.floor(Date.now() / 30_000);
    const timeStep = Math.max(lastStep + 1, now);
    if (timeStep > now + 1) throw new Error('more codes than the tolerance allows right now');
    lastStep = timeStep;
    return generate({ secret, epoch: timeStep * 30 });
  };
}

describe('two-factor login', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    await signUpOnNewPlan(company, { name: `Dois Fatores ${id}`, value: 49.9 });
    browser = await launchBrowser();
    page = await (await newContext(browser)).newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('is enabled from the profile with the QR code’s secret, and the next login asks for a code', async () => {
    let nextCode: () => Promise<string> = () => Promise.reject(new Error('not set up'));

    await step('two-factor-enable', [page], async () => {
      await logIn(page, company.email, company.password);
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 60_000 });
      await page.getByTestId('account-menu').click();
      await page.getByTestId('account-profile').click();
      const section = page.getByTestId('two-factor-section');
      await section.getByTestId('two-factor-status').getByText('Desativada').waitFor({ timeout: 30_000 });
      await section.getByTestId('two-factor-start').click();
      const qr = section.getByTestId('two-factor-qr');
      await qr.locator('svg').waitFor();
      const otpauth = new URL((await qr.getAttribute('data-otpauth'))!);
      const secret = otpauth.searchParams.get('secret')!;
      expect(await section.getByTestId('two-factor-secret').innerText()).toContain(secret);
      await screenshot(page, 'two-factor-01-qr');
      nextCode = authenticator(secret);
      await section.getByTestId('two-factor-code').fill(await nextCode());
      await section.getByTestId('two-factor-submit').click();
      const codes = section.getByTestId('recovery-codes').locator('li');
      await codes.first().waitFor();
      expect(await codes.count()).toBe(10);
      await screenshot(page, 'two-factor-02-recovery-codes');
      await section.getByTestId('recovery-codes-continue').click();
      await section.getByTestId('two-factor-status').getByText('Ativada').waitFor();
    });

    await step('two-factor-login', [page], async () => {
      await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await page.getByTestId('account-menu').click();
      await page.getByTestId('account-logout').click();
      await page.waitForURL((url) => url.pathname.startsWith('/login'));
      await page.locator('#email').fill(company.email);
      await page.locator('#password').fill(company.password);
      await page.getByTestId('login-submit').click();
      await page.getByText('Verificação em duas etapas').waitFor();
      expect(page.url()).toBe(webUrl('/login'));
      await screenshot(page, 'two-factor-03-code-step');
      await page.getByTestId('two-factor-code').fill(await nextCode());
      await page.getByTestId('two-factor-submit').click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.getByTestId('account-menu').waitFor();
      await screenshot(page, 'two-factor-04-logged-in');
    });
  });
});
