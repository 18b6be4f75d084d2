import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { apiUrl, launchBrowser, logIn, newContext, screenshot, step, webUrl } from './browser.js';
import { call, connectSandbox, eventually, sandboxUrl } from './platform-calls.js';

const id = randomBytes(3).toString('hex');
const suffix = String(parseInt(id, 16) % 1_000_000).padStart(6, '0');
const company = { name: `Agenda ${id}`, email: `agenda-${id}@e2e.test`, password: 'senha123' };
const businessNumber = `5511976${suffix}`;
const customer = { number: `5521976${suffix}`, name: `Cliente Agenda ${id}` };
/** A PNG's signature and header chunk: what the gateway checks of an image. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

interface SandboxMessage {
  body: string;
  media: { mimetype: string; filename: string; size: number } | null;
}

describe('an admin schedules a message with an image from the calendar and sees it sent', () => {
  let browser: Browser;
  let page: Page;
  let contactId: number;

  beforeAll(async () => {
    // A company whose plan has schedules, a connected sandbox number (the default connection) and a contact.
    const superToken = (await call<{ token: string }>(apiUrl('/auth/login'), { body: { email: 'admin@admin.com', password: '123456' } }))
      .token;
    const plan = await call<{ id: number }>(apiUrl('/plans'), {
      token: superToken,
      body: { name: `Agenda ${id}`, users: 5, connections: 2, queues: 3, value: 0, useSchedules: true },
    });
    await call(apiUrl('/companies/cadastro'), {
      body: { name: company.name, email: company.email, password: company.password, phone: '11987654321', planId: plan.id },
    });
    const adminToken = (
      await call<{ token: string }>(apiUrl('/auth/login'), { body: { email: company.email, password: company.password } })
    ).token;
    const queue = await call<{ id: number }>(apiUrl('/queue'), {
      token: adminToken,
      body: { name: 'Atendimento', color: '#1677ff', greetingMessage: '' },
    });
    await connectSandbox(adminToken, [queue.id], businessNumber);
    contactId = (
      await call<{ id: number }>(apiUrl('/contacts'), { token: adminToken, body: { name: customer.name, number: customer.number } })
    ).id;

    browser = await launchBrowser();
    page = await (await newContext(browser)).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates the schedule in the dialog, shows it on the calendar, delivers message and image at its time, and the event turns sent live', async () => {
    const body = `Lembrete ${id}: sua consulta é amanhã`;
    // the next whole minute at least 30 s away, written in the browser's own time zone as the dialog shows it
    const sendAt = new Date(Math.ceil((Date.now() + 30_000) / 60_000) * 60_000);
    let scheduleId = 0;

    await step('schedules-open-dialog', [page], async () => {
      await logIn(page, company.email, company.password);
      await page.goto(webUrl('/schedules'));
      await page.getByTestId('schedules-calendar').waitFor();
      await page.getByTestId('add-schedule').click();
      await page.getByTestId('schedule-body').waitFor();
    });

    await step('schedules-fill-dialog', [page], async () => {
      // the contact is searched from 3 characters
      const contact = page.locator('#schedule_contactId');
      await contact.click();
      await contact.pressSequentially(customer.number.slice(-6));
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: customer.name }).click();
      await page.locator('.ant-modal .ant-select', { hasText: customer.name }).waitFor();
      await page.getByTestId('schedule-body').fill(body);
      const typed = await page.evaluate((at) => {
        const date = new Date(at);
        const two = (n: number) => String(n).padStart(2, '0');
        return `${two(date.getDate())}/${two(date.getMonth() + 1)}/${date.getFullYear()} ${two(date.getHours())}:${two(date.getMinutes())}`;
      }, sendAt.getTime());
      const picker = page.locator('#schedule_sendAt');
      await picker.click();
      await picker.fill(typed);
      await picker.press('Enter');
      await page.getByTestId('schedule-file').setInputFiles({ name: 'lembrete.png', mimeType: 'image/png', buffer: PNG });
      await page.getByTestId('schedule-attachment').getByText('lembrete.png').waitFor();
      await screenshot(page, 'schedules-01-dialog');
      await page.getByTestId('schedule-form-submit').click();
      await page.getByText('Agendamento salvo com sucesso!').waitFor();
    });

    await step('schedules-on-calendar', [page], async () => {
      // the agenda lists the days ahead from today, whatever day sendAt falls on
      await page.getByText('Agendamentos (1)').waitFor();
      await page.locator('.rbc-toolbar').getByRole('button', { name: 'Agenda', exact: true }).click();
      const event = page.locator('[data-testid^="schedule-event-"]', { hasText: customer.name });
      await event.waitFor();
      scheduleId = Number((await event.getAttribute('data-testid'))!.replace('schedule-event-', ''));
      expect(await event.getAttribute('data-status')).toMatch(/^(PENDENTE|AGENDADA)$/);
      await screenshot(page, 'schedules-02-calendar');
    });

    await step('schedules-sent', [page], async () => {
      // the customer receives the image with the message as its caption, once
      const delivered = await eventually(
        'the scheduled message at the sandbox customer',
        async () => {
          const inbox = await call<SandboxMessage[]>(sandboxUrl(`/messages?customer=${customer.number}`));
          const mine = inbox.filter((message) => message.body === body);
          return mine.length > 0 ? mine : undefined;
        },
        150_000,
      );
      expect(delivered).toEqual([
        expect.objectContaining({ media: { mimetype: 'image/png', filename: 'lembrete.png', size: PNG.length } }),
      ]);
      // the event turns sent without a reload (company-{id}-schedule)
      await page.locator(`[data-testid="schedule-event-${scheduleId}"][data-status="ENVIADA"]`).waitFor({ timeout: 20_000 });
      await page.getByTestId(`schedule-event-${scheduleId}`).click();
      await page.getByTestId('schedule-sent').waitFor();
      expect(await page.getByTestId('schedule-form-submit').count()).toBe(0);
      await screenshot(page, 'schedules-03-sent');
    });
  }, 300_000);

  it("opens the dialog for a contact from ?contactId= (the ticket options' 'Agendamento')", async () => {
    await step('schedules-contact-param', [page], async () => {
      await page.goto(webUrl(`/schedules?contactId=${contactId}`));
      const dialog = page.locator('.ant-modal', { hasText: 'Adicionar agendamento' });
      await dialog.locator('.ant-select', { hasText: customer.name }).waitFor();
      await page.waitForURL((url) => !url.search.includes('contactId'));
      await screenshot(page, 'schedules-04-contact-param');
    });
  });
});
