import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { apiUrl, launchBrowser, logIn, newContext, screenshot, step, webUrl } from './browser.js';
import { call, connectSandbox, eventually, sandboxUrl } from './platform-calls.js';

const id = randomBytes(3).toString('hex');
const suffix = String(parseInt(id, 16) % 1_000_000).padStart(6, '0');
const company = { name: `Kanban ${id}`, email: `kanban-${id}@e2e.test`, password: 'senha123' };
const agent = { name: 'Karla Kanban', email: `karla-${id}@e2e.test`, password: 'senha123' };
const businessNumber = `5511977${suffix}`;
const customer = { number: `5521977${suffix}`, name: `Cliente Kanban ${id}` };

interface TicketSeen {
  id: number;
  contact: { number: string };
  tags: Array<{ name: string; kanban: number }>;
}

describe('an agent moves a ticket across the kanban board in the browser', () => {
  let browser: Browser;
  let page: Page;
  let adminToken: string;

  beforeAll(async () => {
    // A company whose plan has kanban, an agent of its one queue, two kanban lanes and a plain tag, a connected sandbox number.
    const superToken = (await call<{ token: string }>(apiUrl('/auth/login'), { body: { email: 'admin@admin.com', password: '123456' } }))
      .token;
    const plan = await call<{ id: number }>(apiUrl('/plans'), {
      token: superToken,
      body: { name: `Kanban ${id}`, users: 5, connections: 2, queues: 3, value: 0, useKanban: true },
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
    for (const [name, color, kanban] of [
      ['Novo Lead', '#fa8c16', 1],
      ['Proposta', '#722ed1', 1],
      ['VIP', '#f5222d', 0],
    ] as const) {
      await call(apiUrl('/tags'), { token: adminToken, body: { name, color, kanban } });
    }
    await connectSandbox(adminToken, [sales.id], businessNumber);

    browser = await launchBrowser();
    page = await (await newContext(browser)).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function ticketOfCustomer(): Promise<TicketSeen | undefined> {
    const page = await call<{ tickets: TicketSeen[] }>(apiUrl(`/tickets?showAll=true&searchParam=${customer.number}`), {
      token: adminToken,
    });
    return page.tickets.find((ticket) => ticket.contact.number === customer.number);
  }

  it("shows a new ticket live in 'Em aberto'; dragging its card to a tag's lane gives the ticket that tag", async () => {
    await step('kanban-open-board', [page], async () => {
      await logIn(page, agent.email, agent.password);
      await page.goto(webUrl('/kanban'));
      await page.getByTestId('kanban-board').waitFor();
      const lanes = await page.locator('[data-testid^="kanban-lane-"] .kanban-lane-title').allInnerTexts();
      expect(lanes).toEqual(['Em aberto', 'Novo Lead', 'Proposta']);
    });

    await step('kanban-ticket-arrives', [page], async () => {
      await call(sandboxUrl('/messages'), {
        body: { from: customer.number, to: businessNumber, pushName: customer.name, body: 'Quero uma proposta' },
      });
      const card = page.getByTestId('kanban-lane-open').locator('.kanban-card', { hasText: customer.name });
      await card.waitFor();
      await card.getByText('Quero uma proposta').waitFor();
      await card.getByText(customer.number).waitFor();
      await screenshot(page, 'kanban-01-new-ticket');
    });

    const ticket = await eventually('the ticket of the customer', ticketOfCustomer);

    await step('kanban-drag-to-lane', [page], async () => {
      const card = page.getByTestId(`kanban-card-${ticket.id}`);
      const target = page.getByTestId(`kanban-lane-tag-${await laneTagId('Proposta')}`);
      const from = (await card.boundingBox())!;
      const to = (await target.boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + 20);
      await page.mouse.down();
      // small steps: the pointer sensor starts a drag after 5 px, then follows the pointer to the lane
      await page.mouse.move(from.x + from.width / 2 + 10, from.y + 25, { steps: 3 });
      await page.mouse.move(to.x + to.width / 2, to.y + 120, { steps: 15 });
      await page.mouse.up();
      await page.getByText('Ticket Tag Removido!').waitFor();
      await page.getByText('Ticket Tag Adicionado com Sucesso!').waitFor();
      await target.getByTestId(`kanban-card-${ticket.id}`).waitFor();
      await screenshot(page, 'kanban-02-moved');
    });

    await step('kanban-ticket-carries-tag', [page], async () => {
      const tagged = await eventually('the tag on the ticket', async () => {
        const seen = await ticketOfCustomer();
        return seen?.tags.some((tag) => tag.name === 'Proposta') ? seen : undefined;
      });
      expect(tagged.tags.map((tag) => tag.name)).toEqual(['Proposta']);
      // the board read again from the server keeps the card in its lane
      await page.reload();
      await page
        .getByTestId(`kanban-lane-tag-${await laneTagId('Proposta')}`)
        .getByTestId(`kanban-card-${ticket.id}`)
        .waitFor();
    });
  });

  async function laneTagId(name: string): Promise<number> {
    const { lista } = await call<{ lista: Array<{ id: number; name: string }> }>(apiUrl('/tags/kanban'), { token: adminToken });
    return lista.find((tag) => tag.name === name)!.id;
  }
});
