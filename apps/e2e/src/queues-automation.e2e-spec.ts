import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { addQueueOption, apiUrl, chooseOption, launchBrowser, logIn, newContext, screenshot, step, webUrl } from './browser.js';
import { call } from './platform-calls.js';

const id = randomBytes(3).toString('hex');
const company = { name: `Filas ${id}`, email: `filas-${id}@e2e.test`, password: 'senha123' };
/** A second admin for the test's own API checks: the browser's login would end the company admin's other session. */
const auditor = { name: 'Auditora', email: `auditora-${id}@e2e.test`, password: 'senha123' };
/** The first visit of a lazily loaded page on a busy CI machine. */
const PAGE_LOAD = { timeout: 60_000 };
/** Each scenario walks several dialogs. */
const SCENARIO_MS = 300_000;

interface OptionSeen {
  id: number;
  title: string;
  message: string;
  option: number;
  parentId: number | null;
}

/** Picks several entries of an antd multiple select, then closes its list. */
async function chooseMany(page: Page, selector: string, labels: string[]): Promise<void> {
  await page.locator(selector).click();
  for (const label of labels)
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label }).first().click();
  await page.keyboard.press('Escape');
}

describe('automation screens: a queue with an option tree and hours, a connection with its messages', () => {
  let browser: Browser;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    const [plan] = await call<Array<{ id: number }>>(apiUrl('/plans/list'));
    await call(apiUrl('/companies/cadastro'), {
      body: { name: company.name, email: company.email, password: company.password, phone: '11987654321', planId: plan!.id },
    });
    const adminToken = (
      await call<{ token: string }>(apiUrl('/auth/login'), { body: { email: company.email, password: company.password } })
    ).token;
    await call(apiUrl('/users'), { token: adminToken, body: { ...auditor, profile: 'admin' } });
    token = (await call<{ token: string }>(apiUrl('/auth/login'), { body: { email: auditor.email, password: auditor.password } })).token;
    browser = await launchBrowser();
    page = await (await newContext(browser)).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'sets hours per queue in Settings, builds a queue with a two-level option tree and hours, and finds them after a reload',
    async () => {
      await step('queues-settings', [page], async () => {
        await logIn(page, company.email, company.password);
        await page.goto(webUrl('/settings'));
        await page.getByTestId('setting-scheduleType').waitFor(PAGE_LOAD);
        await chooseOption(page, '[data-testid="setting-scheduleType"]', 'Fila');
        await page.getByText('Operação atualizada com sucesso.').first().waitFor();
        await screenshot(page, 'queues-01-settings');
      });

      await step('queues-create', [page], async () => {
        await page.goto(webUrl('/queues'));
        await page.getByTestId('add-queue').waitFor(PAGE_LOAD);
        await page.getByTestId('add-queue').click();
        const dialog = page.getByRole('dialog');
        await dialog.locator('#queue_name').fill('Vendas');
        await dialog.locator('#queue_greetingMessage').fill('Bem-vindo ao setor de vendas!');
        await page.getByTestId('queue-form-submit').click();
        await page.getByText('Queue saved successfully').first().waitFor();
        // The dialog goes on editing the new queue: its option tree editor appears.
        await dialog.getByTestId('option-add-root').waitFor(PAGE_LOAD);
      });

      await step('queues-options', [page], async () => {
        const dialog = page.getByRole('dialog');
        await addQueueOption(dialog, 'option-add-root', 'option-new-root', 'Comercial', 'Fale com nosso comercial');
        await dialog.getByTestId('option-label-1').getByText('[1] Comercial').waitFor();
        await addQueueOption(dialog, 'option-add-root', 'option-new-root', 'Financeiro', 'Boletos e notas fiscais');
        await addQueueOption(dialog, 'option-add-1', 'option-new-1', 'Planos', 'Conheça nossos planos');
        await dialog.getByTestId('option-label-1.1').getByText('[1] Planos').waitFor();
        await screenshot(page, 'queues-02-options');

        await dialog.getByRole('tab', { name: 'Horários de Atendimento' }).click();
        await dialog.locator('#queue_schedules_0_endTime').fill('1730');
        expect(await dialog.locator('#queue_schedules_0_endTime').inputValue()).toBe('17:30');
        await screenshot(page, 'queues-03-hours');
        await page.getByTestId('queue-form-submit').click();
        await dialog.waitFor({ state: 'hidden' });
      });

      await step('queues-reload', [page], async () => {
        await page.reload();
        const row = page.locator('.ant-table-row', { hasText: 'Vendas' });
        await row.getByText('Bem-vindo ao setor de vendas!').waitFor(PAGE_LOAD);
        await row.getByRole('button', { name: 'Editar' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByTestId('option-label-1').getByText('[1] Comercial').waitFor();
        await dialog.getByTestId('option-label-2').getByText('[2] Financeiro').waitFor();
        await dialog.getByTestId('option-label-1.1').getByText('[1] Planos').waitFor();
        await dialog.getByRole('tab', { name: 'Horários de Atendimento' }).click();
        expect(await dialog.locator('#queue_schedules_0_endTime').inputValue()).toBe('17:30');
        expect(await dialog.locator('#queue_schedules_5_endTime').inputValue()).toBe('12:00');
        await screenshot(page, 'queues-04-reloaded');
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
      });

      // What the screens saved, as the server has it.
      const [queue] = await call<
        Array<{ id: number; name: string; schedules: Array<{ weekdayEn: string; startTime: string; endTime: string }> }>
      >(apiUrl('/queue'), { token });
      expect(queue!.schedules.find((row) => row.weekdayEn === 'monday')).toMatchObject({ startTime: '08:00', endTime: '17:30' });
      const roots = await call<OptionSeen[]>(apiUrl(`/queue-options?queueId=${queue!.id}&parentId=-1`), { token });
      expect(roots.map((option) => [option.option, option.title])).toEqual([
        [1, 'Comercial'],
        [2, 'Financeiro'],
      ]);
      const children = await call<OptionSeen[]>(apiUrl(`/queue-options?queueId=${queue!.id}&parentId=${roots[0]!.id}`), { token });
      expect(children).toEqual([expect.objectContaining({ option: 1, title: 'Planos', message: 'Conheça nossos planos' })]);
    },
    SCENARIO_MS,
  );

  it(
    'refuses a connection with two queues and no greeting (ERR_WAPP_GREETING_REQUIRED), then saves its messages and finds them after a reload',
    async () => {
      await call(apiUrl('/queue'), { token, body: { name: 'Suporte', color: '#0062b1', greetingMessage: '' } });

      await step('connection-greeting-required', [page], async () => {
        await page.goto(webUrl('/connections'));
        await page.getByTestId('add-connection').waitFor(PAGE_LOAD);
        await page.getByTestId('add-connection').click();
        const dialog = page.getByRole('dialog');
        await dialog.locator('#connection_name').fill('Atendimento');
        await chooseOption(page, '#connection_provider', 'Sandbox');
        await chooseMany(page, '#connection_queueIds', ['Vendas', 'Suporte']);
        await page.getByTestId('connection-form-submit').click();
        await page.getByText('A mensagem de saudação é obrigatória quando há mais de uma fila.').waitFor();
        await screenshot(page, 'queues-05-greeting-required');
      });

      await step('connection-messages', [page], async () => {
        const dialog = page.getByRole('dialog', { name: 'Adicionar WhatsApp' });
        await dialog.locator('#connection_greetingMessage').fill('Olá! Escolha um setor:');
        await dialog.getByRole('tab', { name: 'Mensagens' }).click();
        await dialog.locator('#connection_complationMessage').fill('Atendimento encerrado. Obrigado!');
        await dialog.locator('#connection_outOfHoursMessage').fill('Estamos fora do expediente.');
        await dialog.locator('#connection_ratingMessage').fill('Avalie nosso atendimento:');
        await dialog.locator('#connection_expiresTicket').fill('30');
        await dialog.locator('#connection_maxUseBotQueues').fill('2');
        await dialog.locator('#connection_expiresInactiveMessage').fill('Encerrado por inatividade.');
        await page.getByTestId('connection-form-submit').click();
        await page.getByText('WhatsApp salvo com sucesso.').first().waitFor();
        await dialog.waitFor({ state: 'hidden' });
      });

      const [connection] = await call<Array<{ id: number; name: string }>>(apiUrl('/whatsapp/?session=0'), { token });
      await step('connection-reload', [page], async () => {
        await page.reload();
        await page.getByTestId(`edit-${connection!.id}`).waitFor(PAGE_LOAD);
        await page.getByTestId(`edit-${connection!.id}`).click();
        const dialog = page.getByRole('dialog', { name: 'Editar WhatsApp' });
        await dialog.locator('#connection_name').waitFor();
        expect(await dialog.locator('#connection_greetingMessage').inputValue()).toBe('Olá! Escolha um setor:');
        await dialog.locator('.ant-select-selection-item', { hasText: 'Vendas' }).waitFor();
        await dialog.locator('.ant-select-selection-item', { hasText: 'Suporte' }).waitFor();
        await dialog.getByRole('tab', { name: 'Mensagens' }).click();
        expect(await dialog.locator('#connection_complationMessage').inputValue()).toBe('Atendimento encerrado. Obrigado!');
        expect(await dialog.locator('#connection_outOfHoursMessage').inputValue()).toBe('Estamos fora do expediente.');
        expect(await dialog.locator('#connection_ratingMessage').inputValue()).toBe('Avalie nosso atendimento:');
        expect(await dialog.locator('#connection_expiresTicket').inputValue()).toBe('30');
        expect(await dialog.locator('#connection_maxUseBotQueues').inputValue()).toBe('2');
        expect(await dialog.locator('#connection_timeUseBotQueues').inputValue()).toBe('0');
        expect(await dialog.locator('#connection_expiresInactiveMessage').inputValue()).toBe('Encerrado por inatividade.');
        await screenshot(page, 'queues-06-connection-reloaded');
      });
    },
    SCENARIO_MS,
  );
});
