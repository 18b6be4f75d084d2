import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { apiUrl, drawerLabels, launchBrowser, logIn, newContext, screenshot, step, webUrl } from './browser.js';
import { call, signUpOnNewPlan } from './platform-calls.js';

const id = randomBytes(3).toString('hex');
const company = { name: `Permissões ${id}`, email: `permissoes-${id}@e2e.test`, password: 'senha123' };
const agent = { name: `Agente ${id}`, email: `agente-permissoes-${id}@e2e.test`, password: 'senha123', profile: 'user', queueIds: [] };

describe('an admin takes campaigns away from the agents on the permissions screen (issue 28)', () => {
  let browser: Browser;
  let adminPage: Page;
  let agentPage: Page;

  beforeAll(async () => {
    await signUpOnNewPlan(company, { name: `Permissões ${id}`, value: 0, useCampaigns: true });
    const adminToken = (
      await call<{ token: string }>(apiUrl('/auth/login'), { body: { email: company.email, password: company.password } })
    ).token;
    await call(apiUrl('/settings/campaignsEnabled'), {
      method: 'PUT',
      token: adminToken,
      body: { key: 'campaignsEnabled', value: 'true' },
    });
    await call(apiUrl('/users'), { token: adminToken, body: agent });
    browser = await launchBrowser();
    adminPage = await (await newContext(browser)).newPage();
    agentPage = await (await newContext(browser)).newPage();
    for (const page of [adminPage, agentPage]) page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the matrix, saves a grant, and the agent’s drawer loses the campaigns live', async () => {
    await step('permissions-agent-before', [agentPage], async () => {
      await logIn(agentPage, agent.email, agent.password);
      await agentPage.goto(webUrl('/tickets'));
      // the spec lets agents run campaigns: their drawer has the group by default
      await agentPage.locator('.side-menu').getByText('Campanhas').waitFor({ timeout: 60_000 });
      expect(await drawerLabels(agentPage)).not.toContain('Permissões');
      await screenshot(agentPage, 'permissions-01-agent-with-campaigns');
    });

    await step('permissions-matrix', [adminPage], async () => {
      await logIn(adminPage, company.email, company.password);
      await adminPage.locator('.side-menu').getByText('Permissões').click();
      await adminPage.waitForURL((url) => url.pathname === '/permissions');
      const adminBox = adminPage.getByRole('checkbox', { name: 'Campanhas — Administrador' });
      await adminBox.waitFor({ timeout: 60_000 });
      expect(await adminBox.isChecked()).toBe(true);
      expect(await adminBox.isDisabled()).toBe(true);
      // a service keeps users for admins: it cannot be given
      expect(await adminPage.getByRole('checkbox', { name: 'Usuários — Usuário' }).isDisabled()).toBe(true);
      await screenshot(adminPage, 'permissions-02-matrix');
    });

    await step('permissions-take-campaigns', [adminPage, agentPage], async () => {
      for (const action of ['Campanhas', 'Listas de contatos']) {
        const box = adminPage.getByRole('checkbox', { name: `${action} — Usuário` });
        expect(await box.isChecked()).toBe(true);
        const saved = adminPage.waitForResponse(
          (response) => new URL(response.url()).pathname.endsWith('/permissions') && response.request().method() === 'PUT',
        );
        await box.click();
        expect((await saved).status()).toBe(200);
        await adminPage.waitForFunction(
          (name) => !(document.querySelector(`input[aria-label="${name}"]`) as HTMLInputElement | null)?.checked,
          `${action} — Usuário`,
        );
      }
      // supervisors keep them
      expect(await adminPage.getByRole('checkbox', { name: 'Campanhas — Supervisor' }).isChecked()).toBe(true);
      // the agent's drawer follows without a reload (company-{id}-permissions → /auth/me)
      await agentPage.locator('.side-menu').getByText('Campanhas').waitFor({ state: 'detached', timeout: 30_000 });
      await screenshot(agentPage, 'permissions-03-agent-without-campaigns');
      // and a reload keeps it so; the page itself is refused
      await agentPage.goto(webUrl('/campaigns'));
      await agentPage.waitForURL((url) => url.pathname !== '/campaigns');
      expect(await drawerLabels(agentPage)).not.toContain('Campanhas');
    });
  }, 300_000);
});
