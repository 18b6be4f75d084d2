import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { apiUrl, launchBrowser, logIn, newContext, screenshot, step, webUrl } from './browser.js';
import { call, connectSandbox, eventually, sandboxUrl } from './platform-calls.js';
import { aPng } from './test-images.js';

const id = randomBytes(3).toString('hex');
const suffix = String(parseInt(id, 16) % 1_000_000).padStart(6, '0');
const company = { name: `Primeira Hora ${id}`, email: `primeira-${id}@e2e.test`, password: 'senha123' };
/** The admin at the browser; the company's owner keeps its own session for the test's API calls. */
const manager = { name: 'Gestora Gabi', email: `gabi-${id}@e2e.test`, password: 'senha123' };
const businessNumber = `5511966${suffix}`;
const customer = { number: `5521966${suffix}`, name: `Cliente Primeira ${id}` };
/** The company's zone, not the platform's (America/Sao_Paulo): the screens must read the company's setting. */
const companyZone = 'America/Manaus';
/** The first visit of a lazily loaded page on a busy CI machine. */
const PAGE_LOAD = { timeout: 60_000 };
const SCENARIO_MS = 300_000;

interface QueueSeen {
  id: number;
  name: string;
  color: string;
}

interface SandboxMessage {
  body: string | null;
  media: { mimetype: string; filename: string; size: number } | null;
}

/** The size of the image the browser decoded from an <img> (0×0 when it shows nothing). */
function decodedSize(image: Locator): Promise<{ width: number; height: number; src: string }> {
  return image.evaluate((element) => {
    const img = element as HTMLImageElement;
    return { width: img.naturalWidth, height: img.naturalHeight, src: img.src };
  });
}

/**
 * Issue 24's screens of a company's first hour, in a real browser: a second queue is offered a
 * colour of its own, an image about to be sent shows as a thumbnail, a kanban card shows the
 * last message's WhatsApp formatting, and the hours are edited beside the company's time zone.
 */
describe("a company's first hour on its screens: queue colours, image thumbnails, kanban formatting, time zone", () => {
  let browser: Browser;
  let page: Page;
  let ownerToken: string;
  let support: QueueSeen;

  beforeAll(async () => {
    // A plan with kanban and room for two queues; one queue already has the default colour.
    const superToken = (await call<{ token: string }>(apiUrl('/auth/login'), { body: { email: 'admin@admin.com', password: '123456' } }))
      .token;
    const plan = await call<{ id: number }>(apiUrl('/plans'), {
      token: superToken,
      body: { name: `Primeira Hora ${id}`, users: 5, connections: 2, queues: 3, value: 0, useKanban: true },
    });
    await call(apiUrl('/companies/cadastro'), {
      body: { name: company.name, email: company.email, password: company.password, phone: '11987654321', planId: plan.id },
    });
    ownerToken = (await call<{ token: string }>(apiUrl('/auth/login'), { body: { email: company.email, password: company.password } }))
      .token;
    support = await call<QueueSeen>(apiUrl('/queue'), {
      token: ownerToken,
      body: { name: 'Suporte', color: '#1273de', greetingMessage: '' },
    });
    await call(apiUrl('/users'), { token: ownerToken, body: { ...manager, profile: 'admin', queueIds: [support.id] } });
    await call(apiUrl('/settings/timezone'), { token: ownerToken, method: 'PUT', body: { key: 'timezone', value: companyZone } });
    await connectSandbox(ownerToken, [support.id], businessNumber);

    browser = await launchBrowser();
    page = await (await newContext(browser)).newPage();
    await logIn(page, manager.email, manager.password);
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function queues(): Promise<QueueSeen[]> {
    return call<QueueSeen[]>(apiUrl('/queue'), { token: ownerToken });
  }

  it(
    'offers a second queue the next unused colour (the default is taken) and saves it without ERR_QUEUE_COLOR_ALREADY_EXISTS',
    async () => {
      await step('first-hour-queue-colour', [page], async () => {
        await page.goto(webUrl('/queues'));
        await page.getByTestId('add-queue').waitFor(PAGE_LOAD);
        await page.getByTestId('add-queue').click();
        const dialog = page.getByRole('dialog');
        // 'Suporte' has the default #1273DE: the dialog offers the next preset of the list
        await dialog.locator('.ant-color-picker-trigger-text', { hasText: '#004DCF' }).waitFor();
        await dialog.locator('#queue_name').fill('Vendas');
        await screenshot(page, 'first-hour-01-queue-colour');
        await page.getByTestId('queue-form-submit').click();
        await page.getByText('Queue saved successfully').first().waitFor();
        // a saved queue goes on being edited: its option tree editor appears
        await dialog.getByTestId('option-add-root').waitFor(PAGE_LOAD);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
      });

      const saved = await queues();
      expect(saved.map((queue) => [queue.name, queue.color.toLowerCase()]).sort()).toEqual([
        ['Suporte', '#1273de'],
        ['Vendas', '#004dcf'],
      ]);
    },
    SCENARIO_MS,
  );

  it(
    "shows a customer's WhatsApp formatting on the kanban card (bold and italic, no raw marks)",
    async () => {
      await step('first-hour-kanban-markup', [page], async () => {
        await page.goto(webUrl('/kanban'));
        await page.getByTestId('kanban-board').waitFor(PAGE_LOAD);
        await call(sandboxUrl('/messages'), {
          body: { from: customer.number, to: businessNumber, pushName: customer.name, body: '*[ 1 ]* _oi_' },
        });
        const card = page.getByTestId('kanban-lane-open').locator('.kanban-card', { hasText: customer.name });
        await card.waitFor();
        const message = card.locator('.kanban-card-message');
        await message.locator('strong', { hasText: '[ 1 ]' }).waitFor();
        await message.locator('em', { hasText: 'oi' }).waitFor();
        expect((await message.innerText()).trim()).toBe('[ 1 ] oi');
        await screenshot(page, 'first-hour-02-kanban-markup');
      });
    },
    SCENARIO_MS,
  );

  it(
    'shows a thumbnail of an image attached in the composer before it is sent, and sends the image',
    async () => {
      await step('first-hour-accept-ticket', [page], async () => {
        await page.goto(webUrl('/tickets'));
        await page.getByTestId('tab-pending').waitFor(PAGE_LOAD);
        await page.getByTestId('tab-pending').click();
        const pending = page.getByTestId('tickets-pending').getByRole('listitem').filter({ hasText: customer.name });
        await pending.getByRole('button', { name: 'Aceitar' }).click();
        await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
        await page.getByTestId('composer-input').waitFor();
      });

      await step('first-hour-composer-thumbnail', [page], async () => {
        await page.getByTestId('composer-file-input').setInputFiles({ name: 'catalogo.png', mimeType: 'image/png', buffer: aPng() });
        const attachment = page.getByTestId('composer-files').getByTestId('composer-file');
        await attachment.getByText('catalogo.png').waitFor();
        const thumbnail = attachment.locator('img');
        await thumbnail.waitFor();
        // the browser decoded the very file chosen (48×32), from a local object URL: nothing was uploaded yet
        await page.waitForFunction((element) => (element as HTMLImageElement).complete, await thumbnail.elementHandle());
        expect(await decodedSize(thumbnail)).toEqual({ width: 48, height: 32, src: expect.stringMatching(/^blob:/) });
        expect(await thumbnail.getAttribute('alt')).toBe('catalogo.png');
        await screenshot(page, 'first-hour-03-composer-thumbnail');
      });

      await step('first-hour-image-sent', [page], async () => {
        await page.getByTestId('composer-send').click();
        await page.getByTestId('messages-list').getByTestId('message-image').waitFor();
        await page.getByTestId('composer-files').waitFor({ state: 'detached' });
        const image = await eventually('the image on the customer phone', async () => {
          const messages = await call<SandboxMessage[]>(sandboxUrl(`/messages?customer=${customer.number}&business=${businessNumber}`));
          return messages.find((message) => message.media?.mimetype === 'image/png');
        });
        expect(image.media).toMatchObject({ mimetype: 'image/png', size: aPng().length });
      });
    },
    SCENARIO_MS,
  );

  it(
    "edits the hours beside the company's time zone: Settings › Horários shows and changes it, a queue's hours show it",
    async () => {
      await call(apiUrl('/settings/scheduleType'), { token: ownerToken, method: 'PUT', body: { key: 'scheduleType', value: 'company' } });

      await step('first-hour-settings-time-zone', [page], async () => {
        await page.goto(webUrl('/settings'));
        await page.getByRole('tab', { name: 'Horários' }).waitFor(PAGE_LOAD);
        await page.getByRole('tab', { name: 'Horários' }).click();
        const form = page.getByTestId('schedules-form');
        await form.getByText('Fuso horário').waitFor();
        const zone = form.getByTestId('company-time-zone');
        await zone.getByText(companyZone, { exact: true }).waitFor();
        await screenshot(page, 'first-hour-04-settings-time-zone');
        // another zone, searched by typing, is saved at once
        await zone.getByRole('combobox').click();
        await zone.getByRole('combobox').pressSequentially('Tokyo');
        await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Asia/Tokyo"]').click();
        await page.getByText('Operação atualizada com sucesso.').first().waitFor();
        await zone.getByText('Asia/Tokyo', { exact: true }).waitFor();
      });

      const settings = await call<Array<{ key: string; value: string }>>(apiUrl('/settings'), { token: ownerToken });
      expect(settings.find((setting) => setting.key === 'timezone')?.value).toBe('Asia/Tokyo');

      await call(apiUrl('/settings/scheduleType'), { token: ownerToken, method: 'PUT', body: { key: 'scheduleType', value: 'queue' } });
      await step('first-hour-queue-time-zone', [page], async () => {
        await page.goto(webUrl('/queues'));
        const row = page.locator('.ant-table-row', { hasText: 'Suporte' });
        await row.waitFor(PAGE_LOAD);
        await row.getByRole('button', { name: 'Editar' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('tab', { name: 'Horários de Atendimento' }).click();
        await dialog.getByText('Fuso horário').waitFor();
        await dialog.getByTestId('company-time-zone').getByText('Asia/Tokyo', { exact: true }).waitFor();
        await screenshot(page, 'first-hour-05-queue-time-zone');
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
      });
    },
    SCENARIO_MS,
  );
});
