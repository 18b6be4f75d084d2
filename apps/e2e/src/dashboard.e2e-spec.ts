import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { addDays, dateIn } from '@atrium/kernel';
import { apiUrl, chooseOption, launchBrowser, logIn, newContext, screenshot, step, webUrl } from './browser.js';
import { call, connectSandbox, eventually, sandboxUrl } from './platform-calls.js';

const id = randomBytes(3).toString('hex');
const suffix = String(parseInt(id, 16) % 1_000_000).padStart(6, '0');
const company = { name: `Painel ${id}`, email: `painel-${id}@e2e.test`, password: 'senha123' };
const agent = { name: `Davi Painel ${id}`, email: `davi-${id}@e2e.test`, password: 'senha123' };
const businessNumber = `5511966${suffix}`;
const customers = ['A', 'B', 'C'].map((letter, i) => ({ number: `552196${i}${suffix}`, name: `Cliente ${letter} ${id}` }));
/** The platform calendar the e2e stack runs on (the default TIME_ZONE). */
const TIME_ZONE = 'America/Sao_Paulo';

interface TicketSeen {
  id: number;
  status: string;
  contact: { number: string };
}

interface DashboardSeen {
  counters: {
    supportHappening: number;
    supportPending: number;
    supportFinished: number;
    leads: number;
    avgSupportTime: number | null;
    avgWaitTime: number | null;
  };
  attendants: { name: string; tickets: number }[];
}

const ddmmyyyy = (day: string): string => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** The page's "HHh MMm" of minutes (its formatDuration). */
function hoursMinutes(minutes: number | null): string {
  if (minutes === null) return '-';
  const total = Math.round(minutes);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}h ${String(total % 60).padStart(2, '0')}m`;
}

describe('an admin reads the dashboard of tickets handled through WhatsApp', () => {
  let browser: Browser;
  let page: Page;
  let adminToken: string;
  let agentToken: string;

  async function ticketOf(number: string): Promise<TicketSeen | undefined> {
    const found = await call<{ tickets: TicketSeen[] }>(apiUrl(`/tickets?showAll=true&searchParam=${number}`), { token: adminToken });
    return found.tickets.find((ticket) => ticket.contact.number === number);
  }

  beforeAll(async () => {
    // A company with one queue, an agent of it and a connected sandbox number; three customers write in,
    // the agent takes the first (and closes it) and the second, the third waits.
    const superToken = (await call<{ token: string }>(apiUrl('/auth/login'), { body: { email: 'admin@admin.com', password: '123456' } }))
      .token;
    const plan = await call<{ id: number }>(apiUrl('/plans'), {
      token: superToken,
      body: { name: `Painel ${id}`, users: 5, connections: 2, queues: 3, value: 0 },
    });
    await call(apiUrl('/companies/cadastro'), {
      body: { name: company.name, email: company.email, password: company.password, phone: '11987654321', planId: plan.id },
    });
    adminToken = (await call<{ token: string }>(apiUrl('/auth/login'), { body: { email: company.email, password: company.password } }))
      .token;
    const sales = await call<{ id: number }>(apiUrl('/queue'), {
      token: adminToken,
      body: { name: 'Vendas', color: '#1677ff', greetingMessage: '' },
    });
    await call(apiUrl('/users'), { token: adminToken, body: { ...agent, profile: 'user', queueIds: [sales.id] } });
    agentToken = (await call<{ token: string }>(apiUrl('/auth/login'), { body: { email: agent.email, password: agent.password } })).token;
    await connectSandbox(adminToken, [sales.id], businessNumber);
    const tickets: TicketSeen[] = [];
    for (const customer of customers) {
      await call(sandboxUrl('/messages'), {
        body: { from: customer.number, to: businessNumber, pushName: customer.name, body: 'Olá, preciso de ajuda' },
      });
      tickets.push(await eventually(`the ticket of ${customer.name}`, () => ticketOf(customer.number), 30_000));
    }
    await call(apiUrl(`/tickets/${tickets[0]!.id}`), { method: 'PUT', token: agentToken, body: { status: 'open' } });
    await call(apiUrl(`/tickets/${tickets[0]!.id}`), { method: 'PUT', token: agentToken, body: { status: 'closed' } });
    await call(apiUrl(`/tickets/${tickets[1]!.id}`), { method: 'PUT', token: agentToken, body: { status: 'open' } });

    browser = await launchBrowser();
    page = await (await newContext(browser)).newPage();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  const card = (key: string) => page.getByTestId(`card-${key}`).locator('.ant-statistic-content');
  async function expectCards(expected: Record<string, string>): Promise<void> {
    for (const [key, text] of Object.entries(expected))
      await eventually(`the card ${key} to read ${text}`, async () => (await card(key).innerText()).trim() === text);
  }

  /** Types a period into the range picker (DD/MM/YYYY, the page's format). */
  async function pickRange(from: string, to: string): Promise<void> {
    const inputs = page.locator('.ant-picker-range input');
    await inputs.nth(0).click();
    await inputs.nth(0).fill(ddmmyyyy(from));
    await inputs.nth(0).press('Enter');
    await inputs.nth(1).fill(ddmmyyyy(to));
    await inputs.nth(1).press('Enter');
  }

  it("shows today's tickets in the cards, the attendants table and both charts; the date filters change them", async () => {
    const today = dateIn(TIME_ZONE);
    const yesterday = addDays(today, -1);
    const figures = await call<DashboardSeen>(apiUrl(`/dashboard?date_from=${today}&date_to=${today}`), { token: adminToken });

    await step('dashboard-today', [page], async () => {
      await logIn(page, company.email, company.password);
      await page.goto(webUrl('/'));
      await page.getByTestId('card-supportHappening').waitFor();
      await pickRange(today, today);
      await expectCards({
        supportHappening: '1',
        supportPending: '1',
        supportFinished: '1',
        leads: '3',
        avgSupportTime: hoursMinutes(figures.counters.avgSupportTime),
        avgWaitTime: hoursMinutes(figures.counters.avgWaitTime),
      });
      const row = page.getByTestId('attendants').locator('tr', { hasText: agent.name });
      await eventually('the agent with two tickets', async () => (await row.locator('td').nth(1).innerText()).trim() === '2');
      // one day: tickets per agent (the agent's 2) and per hour (all three)
      await page.getByTestId('chart-users').getByText('Tickets por usuário (2)').waitFor();
      await page.getByTestId('chart-days').getByText('Tickets por dia (3)').waitFor();
      await page.getByTestId('chart-users').locator('canvas').first().waitFor();
      await screenshot(page, 'dashboard-01-today');
    });

    await step('dashboard-yesterday', [page], async () => {
      await pickRange(yesterday, yesterday);
      await expectCards({
        supportHappening: '0',
        supportPending: '0',
        supportFinished: '0',
        leads: '0',
        avgSupportTime: '-',
        avgWaitTime: '-',
      });
      await page.getByTestId('chart-users').getByText('Tickets por usuário (0)').waitFor();
      await page.getByTestId('chart-days').getByText('Tickets por dia (0)').waitFor();
      const row = page.getByTestId('attendants').locator('tr', { hasText: agent.name });
      await eventually('the agent with no ticket', async () => (await row.locator('td').nth(1).innerText()).trim() === '0');
      await screenshot(page, 'dashboard-02-yesterday');
    });

    await step('dashboard-last-3-days', [page], async () => {
      await chooseOption(page, '[aria-label="Período"]', 'Últimos 3 dias');
      await expectCards({ supportHappening: '1', supportPending: '1', supportFinished: '1', leads: '3' });
      await page.getByTestId('chart-days').getByText('Tickets por dia (3)').waitFor();
      await screenshot(page, 'dashboard-03-last-3-days');
    });
  });
});
