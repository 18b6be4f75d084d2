import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import type { Browser, Page } from 'playwright-core';
import { apiUrl, chooseOption, launchBrowser, logIn, newContext, screenshot, step, webUrl } from './browser.js';
import { call, connectSandbox, eventually, sandboxUrl } from './platform-calls.js';

interface SandboxMessage {
  body: string | null;
  media: { mimetype: string; filename: string; size: number } | null;
}

interface CampaignState {
  status: string;
  mediaName: string | null;
  report: { valid: number; delivered: number; failed: number };
}

const id = randomBytes(3).toString('hex');
const suffix = String(parseInt(id, 16) % 1_000_000).padStart(6, '0');
const company = { name: `Campanhas ${id}`, email: `campanhas-${id}@e2e.test`, password: 'senha123' };
const businessNumber = `5511967${suffix}`;
const customers = [
  { name: 'Ana Campanha', number: `5511957${suffix}` },
  { name: 'Bruno Campanha', number: `5511958${suffix}` },
  { name: 'Carla Campanha', number: `5511959${suffix}` },
];
/** A second admin whose API session checks what the browser shows (one login per user: the browser's would end the first). */
const auditor = { name: 'Auditoria', email: `auditoria-${id}@e2e.test`, password: 'senha123' };
const listName = `Clientes ${id}`;
const campaignName = `Natal ${id}`;
/** The campaign's attachment, sent with each message (the message is its caption). */
const attachment = { name: 'regulamento.txt', mimeType: 'text/plain', buffer: Buffer.from('Promoção válida até o Natal.\n') };
/** The pace chosen on /campaigns-config: long enough for the test to cancel between two sends. */
const INTERVAL_LABEL = '15 segundos';

function spreadsheet(): Buffer {
  const book = XLSX.utils.book_new();
  const rows = [['Nome', 'Número', 'E-mail'], ...customers.map((customer) => [customer.name, customer.number, ''])];
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Contatos');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** 'DD/MM/YYYY HH:mm' of the current minute, in the browser's (this machine's) time zone. */
function nowForPicker(): string {
  const now = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(now.getDate())}/${two(now.getMonth() + 1)}/${now.getFullYear()} ${two(now.getHours())}:${two(now.getMinutes())}`;
}

describe('an admin runs a campaign from the browser and follows it live', () => {
  let browser: Browser;
  let page: Page;
  let adminToken: string;
  let campaignId: number;

  const received = (number: string) => call<SandboxMessage[]>(sandboxUrl(`/messages?customer=${number}&business=${businessNumber}`));
  const inbox = async (number: string) => (await received(number)).map((message) => message.body ?? '');
  const delivered = async () => (await Promise.all(customers.map((customer) => inbox(customer.number)))).flat();
  const campaign = () => call<CampaignState>(apiUrl(`/campaigns/${campaignId}`), { token: adminToken });

  beforeAll(async () => {
    const superToken = (await call<{ token: string }>(apiUrl('/auth/login'), { body: { email: 'admin@admin.com', password: '123456' } }))
      .token;
    const plan = await call<{ id: number }>(apiUrl('/plans'), {
      token: superToken,
      body: { name: `Campanhas ${id}`, users: 5, connections: 2, queues: 3, value: 0, useCampaigns: true },
    });
    await call(apiUrl('/companies/cadastro'), {
      body: { name: company.name, email: company.email, password: company.password, phone: '11987654321', planId: plan.id },
    });
    adminToken = (await call<{ token: string }>(apiUrl('/auth/login'), { body: { email: company.email, password: company.password } }))
      .token;
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
    await call(apiUrl('/users'), { token: adminToken, body: { ...auditor, profile: 'admin', queueIds: [] } });
    adminToken = (await call<{ token: string }>(apiUrl('/auth/login'), { body: { email: auditor.email, password: auditor.password } }))
      .token;
    browser = await launchBrowser();
    page = await (await newContext(browser)).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sets the pace and a variable, imports a list, creates a campaign, watches it, cancels, restarts it and downloads the CSV', async () => {
    await step('campaigns-config', [page], async () => {
      await logIn(page, company.email, company.password);
      await page.goto(webUrl('/campaigns-config'));
      await chooseOption(page, '#campaign-settings-message-interval', INTERVAL_LABEL);
      await page.getByTestId('campaign-variable-key').fill('cupom');
      await page.getByTestId('campaign-variable-value').fill('NATAL10');
      await page.getByTestId('campaign-variable-add').click();
      // a shortcut already used is not added twice
      await page.getByTestId('campaign-variable-key').fill('cupom');
      await page.getByTestId('campaign-variable-value').fill('OUTRO');
      await page.getByTestId('campaign-variable-add').click();
      await page.getByTestId('campaign-settings-save').click();
      await page.getByText('Configurações salvas').waitFor();
      await page.reload();
      await page.getByTestId('campaign-variables-table').getByText('{cupom}').waitFor();
      expect(await page.getByTestId('campaign-variables-table').locator('tbody tr').count()).toBe(1);
      await page
        .locator('.ant-select', { has: page.locator('#campaign-settings-message-interval') })
        .getByText(INTERVAL_LABEL)
        .waitFor();
      const settings = await call<Array<{ key: string; value: string }>>(apiUrl('/campaign-settings'), { token: adminToken });
      expect(JSON.parse(settings.find((row) => row.key === 'messageInterval')!.value)).toBe(15);
      await screenshot(page, 'campaigns-01-config');
    });

    await step('campaigns-contact-list', [page], async () => {
      await page.goto(webUrl('/contact-lists'));
      await page.getByTestId('add-contact-list').click();
      await page.getByLabel('Nome').fill(listName);
      await page.getByTestId('contact-list-form-submit').click();
      await page.getByTestId('contact-lists-table').getByText(listName).waitFor();
      await page.locator('[data-testid^="open-contact-list-"]').first().click();
      await page.getByTestId('contact-list-import-input').setInputFiles({
        name: 'clientes.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: spreadsheet(),
      });
      await page.getByTestId('contact-list-import-confirm').click();
      await page
        .getByTestId('contact-list-import-progress')
        .getByText('Importação de clientes.xlsx concluída')
        .waitFor({ timeout: 30_000 });
      await page
        .getByTestId('item-valid')
        .nth(customers.length - 1)
        .waitFor({ timeout: 30_000 });
    });

    await step('campaigns-create', [page], async () => {
      await page.goto(webUrl('/campaigns'));
      await page.getByTestId('add-campaign').click();
      await page.locator('#campaign_name').fill(campaignName);
      await chooseOption(page, '#campaign_contactListId', listName);
      await chooseOption(page, '#campaign_whatsappId', 'Sandbox');
      await page.getByTestId('campaign-variables-hint').getByText('{nome}, {numero}, {email}, {cupom}', { exact: false }).waitFor();
      await page.getByTestId('campaign-message-1').fill('Olá {nome}, seu cupom é {cupom}');
      await page.getByRole('tab', { name: 'Msg. 2' }).click();
      await page.getByTestId('campaign-message-2').fill('Oi {nome}! Use o cupom {cupom}');
      await page.getByTestId('campaign-attachment-input').setInputFiles(attachment);
      await page.getByTestId('campaign-attachment').getByText(attachment.name).waitFor();
      const scheduledAt = page.locator('#campaign_scheduledAt');
      await scheduledAt.click();
      await scheduledAt.fill(nowForPicker());
      await scheduledAt.press('Enter');
      await page.getByTestId('campaign-form-submit').click();
      await page.getByText('Operação realizada com sucesso!').waitFor();
      const table = page.getByTestId('campaigns-table');
      await table.getByText(campaignName).waitFor();
      const report = table.locator('[data-testid^="campaign-report-"]').first();
      campaignId = Number((await report.getAttribute('data-testid'))!.replace('campaign-report-', ''));
      // the list follows the campaign live: Programada, then Em Andamento once the scheduler starts it
      await page.getByTestId(`campaign-status-${campaignId}`).getByText('Em Andamento').waitFor({ timeout: 30_000 });
      expect(await table.getByText(listName).count()).toBe(1);
      expect((await campaign()).mediaName).toBe(attachment.name);
      await screenshot(page, 'campaigns-02-running');
    });

    await step('campaigns-report-live', [page], async () => {
      await page.getByTestId(`campaign-report-${campaignId}`).click();
      await page.waitForURL((url) => url.pathname === `/campaign/${campaignId}/report`);
      await page.getByTestId('campaign-report-valid').getByText('3').waitFor({ timeout: 30_000 });
      // the first message goes out at once; the next ones 15 s apart
      const first = await eventually(
        'a delivery on the report',
        async () => {
          const count = Number(await page.getByTestId('campaign-report-delivered').innerText());
          return count >= 1 ? count : undefined;
        },
        30_000,
      );
      expect(await page.getByTestId('campaign-report-progress-text').innerText()).toBe(`${first} de 3`);
      expect(await page.getByTestId('campaign-report-whatsapp').innerText()).toBe('Sandbox');
      expect(await page.getByTestId('campaign-report-contact-list').innerText()).toBe(listName);
      expect(await page.getByTestId('campaign-report-completed-at').innerText()).toBe('Não concluída');
      await screenshot(page, 'campaigns-03-report-live');
    });

    let deliveredAtCancel = 0;
    await step('campaigns-cancel', [page], async () => {
      await page.goto(webUrl('/campaigns'));
      await page.getByTestId(`cancel-campaign-${campaignId}`).click();
      await page.getByText('Campanha cancelada').waitFor();
      await page.getByTestId(`campaign-status-${campaignId}`).getByText('Cancelada').waitFor();
      await page.getByTestId(`restart-campaign-${campaignId}`).waitFor();
      const cancelled = await campaign();
      expect(cancelled.status).toBe('CANCELADA');
      deliveredAtCancel = cancelled.report.delivered;
      expect(deliveredAtCancel).toBeGreaterThanOrEqual(1);
      expect(deliveredAtCancel).toBeLessThan(customers.length);
      // what the report counts is what the customers' phones got
      await eventually(
        'the sandbox to hold the messages sent before the cancel',
        async () => (await delivered()).length === deliveredAtCancel,
      );
      await page.getByTestId(`campaign-report-${campaignId}`).click();
      await page.getByTestId('campaign-report-status').getByText('Cancelada').waitFor();
      expect(await page.getByTestId('campaign-report-progress-text').innerText()).toBe(`${deliveredAtCancel} de 3`);
    });

    await step('campaigns-restart', [page], async () => {
      await page.goto(webUrl('/campaigns'));
      await page.getByTestId(`restart-campaign-${campaignId}`).click();
      await page.getByText('Campanha reiniciada').waitFor();
      await page
        .getByTestId(`campaign-status-${campaignId}`)
        .getByText(/Em Andamento|Finalizada/)
        .waitFor();
      await page.getByTestId(`campaign-report-${campaignId}`).click();
      await page.getByTestId('campaign-report-status').getByText('Finalizada').waitFor({ timeout: 90_000 });
      await page.getByTestId('campaign-report-delivered').getByText('3').waitFor();
      expect(await page.getByTestId('campaign-report-progress-text').innerText()).toBe('3 de 3');
      await eventually(
        'the completion date on the report',
        async () => (await page.getByTestId('campaign-report-completed-at').innerText()) !== 'Não concluída',
        15_000,
      );
      const shippings = page.getByTestId('campaign-report-shippings');
      for (const customer of customers) await shippings.getByText(customer.number).waitFor();
      // the shipping list follows the progress live: every row gets its delivery time
      await eventually(
        'a delivery time on every shipping row',
        async () => {
          const times = await shippings
            .locator('tbody tr.ant-table-row td:nth-child(4)')
            .evaluateAll((cells) => cells.map((cell) => cell.textContent ?? ''));
          return times.length === customers.length && times.every((time) => /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/.test(time));
        },
        15_000,
      );
      await screenshot(page, 'campaigns-04-finished');
    });

    await step('campaigns-delivered-once', [page], async () => {
      for (const customer of customers) {
        const messages = await received(customer.number);
        // exactly one message each: the attachment, captioned with the variant's text, variables filled in
        expect(messages).toHaveLength(1);
        expect([`Olá ${customer.name}, seu cupom é NATAL10`, `Oi ${customer.name}! Use o cupom NATAL10`]).toContain(messages[0]!.body);
        expect(messages[0]!.media).toMatchObject({ mimetype: expect.stringContaining('text/plain'), size: attachment.buffer.length });
      }
    });

    await step('campaigns-csv', [page], async () => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('campaign-report-csv').click()]);
      const csv = await readFile((await download.path())!, 'utf8');
      const [header, ...lines] = csv.trim().split(/\r?\n/);
      expect(header).toBe('number,name,variant,deliveredAt,confirmationRequestedAt,confirmedAt,failedReason');
      expect(lines.map((line) => line.split(',')[0]).sort()).toEqual(customers.map((customer) => customer.number).sort());
      for (const line of lines) {
        const [, name, variant, deliveredAt] = line.split(',');
        expect(customers.map((customer) => customer.name)).toContain(name);
        expect(['1', '2']).toContain(variant);
        expect(Number.isNaN(Date.parse(deliveredAt!))).toBe(false);
      }
    });
  }, 300_000);
});
