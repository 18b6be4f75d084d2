import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { apiUrl, chooseOption, launchBrowser, logIn, newContext, screenshot, step } from './browser.js';
import { call, eventually, signUpOnNewPlan } from './platform-calls.js';

/** The demo super user `npm start` seeds outside production (tools/start.mjs). */
const id = randomBytes(3).toString('hex');
const company = { name: `Auditoria ${id}`, email: `auditoria-${id}@e2e.test`, password: 'senha123' };
const queueName = `Fila Auditada ${id}`;

interface AuditPage {
  auditLogs: Array<{ action: string; entityId: string | null }>;
  count: number;
}

/**
 * Issue 28's audit page in a browser: a company admin's changes (a queue created then renamed, a
 * user created) are listed newest first; the action and entity filters narrow the table, a
 * period before the changes empties it, a row expands to the fields before and after, and the
 * CSV export downloads the filtered entries.
 */
describe('the audit log page', () => {
  let browser: Browser;
  let page: Page;
  let adminToken: string;

  beforeAll(async () => {
    await signUpOnNewPlan(company, { name: `Auditoria ${id}`, value: 0 });
    adminToken = (await call<{ token: string }>(apiUrl('/auth/login'), { body: { email: company.email, password: company.password } }))
      .token;
    const queue = await call<{ id: number }>(apiUrl('/queue'), {
      token: adminToken,
      body: { name: `${queueName} (rascunho)`, color: `#${randomBytes(3).toString('hex')}`, greetingMessage: '' },
    });
    await call(apiUrl(`/queue/${queue.id}`), { method: 'PUT', token: adminToken, body: { name: queueName } });
    await call(apiUrl('/users'), {
      token: adminToken,
      body: { name: `Auditado ${id}`, email: `auditado-${id}@e2e.test`, password: 'senha123', profile: 'user' },
    });
    await eventually('the three entries', async () => {
      const found = await call<AuditPage>(apiUrl('/audit-logs?entityType=queue'), { token: adminToken });
      return found.count >= 2 || undefined;
    });
    browser = await launchBrowser();
    page = await (await newContext(browser)).newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lists, filters and expands the entries, and exports them as CSV', async () => {
    await step('audit-logs', [page], async () => {
      // the login itself is an entry too
      await logIn(page, company.email, company.password);
      await page.locator('.side-menu').getByText('Auditoria').click();
      await page.waitForURL((url) => url.pathname === '/audit-logs');
      const table = page.getByTestId('audit-logs-table');
      await table.getByText('Fila alterada').waitFor({ timeout: 60_000 });
      await table.getByText('Usuário criado').waitFor();
      await screenshot(page, 'audit-logs-01-all');

      // the actions' list is long (virtual): typed to narrow it, as a user would
      const actionInput = page.locator('#audit-filter-action');
      await actionInput.click();
      await actionInput.fill('Fila alterada');
      await page
        .locator('.ant-select-dropdown:has([id="audit-filter-action_list"]) .ant-select-item-option', { hasText: 'Fila alterada' })
        .click();
      await table.getByText('Usuário criado').waitFor({ state: 'detached' });
      const row = table.locator('.ant-table-row', { hasText: 'Fila alterada' });
      expect(await row.count()).toBe(1);
      await row.locator('.ant-table-row-expand-icon').click();
      const changes = table.locator('[data-testid^=audit-changes-]');
      await changes.getByText('Antes').waitFor();
      await changes.locator('.audit-before', { hasText: `${queueName} (rascunho)` }).waitFor();
      await changes.locator('.audit-after', { hasText: queueName }).first().waitFor();
      await screenshot(page, 'audit-logs-02-changes');

      // the entity filter with the action filter cleared: the queue's two entries
      await page.getByTestId('audit-filter-action').locator('.ant-select-clear').click({ force: true });
      await chooseOption(page, '#audit-filter-entity', 'Fila');
      await table.getByText('Fila criada').waitFor();
      await table.getByText('Fila alterada').waitFor();
      expect(await table.getByText('Usuário criado').count()).toBe(0);

      // a period that ended before the changes: nothing
      const period = page.locator('.ant-picker-range');
      const inputs = period.locator('input');
      await inputs.nth(0).click();
      await inputs.nth(0).fill('01/01/2020');
      await inputs.nth(0).press('Enter');
      await inputs.nth(1).fill('31/01/2020');
      await inputs.nth(1).press('Enter');
      await table.locator('.ant-empty').waitFor();
      await screenshot(page, 'audit-logs-03-empty-period');
      await period.locator('.ant-picker-clear').click({ force: true });
      await table.getByText('Fila criada').waitFor();

      const download = page.waitForEvent('download');
      await page.getByTestId('audit-logs-csv').click();
      const file = await (await download).path();
      const csv = await readFile(file, 'utf8');
      const [header, ...rows] = csv.trim().split('\r\n');
      expect(header).toContain('action,entityType,entityId');
      expect(rows.map((line) => line.split(',')[5])).toEqual(['queue.created', 'queue.updated']);
    });
  });
});
