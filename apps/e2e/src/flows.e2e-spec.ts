import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { apiUrl, chooseOption, launchBrowser, logIn, newContext, screenshot, step, webUrl } from './browser.js';
import { call, connectSandbox, eventually } from './platform-calls.js';
import { sandboxCustomer } from './sandbox-customer.js';

const id = randomBytes(3).toString('hex');
const suffix = String(parseInt(id, 16) % 1_000_000).padStart(6, '0');
const company = { name: `Fluxos ${id}`, email: `fluxos-${id}@e2e.test`, password: 'senha123' };
/** A second admin for the test's own API calls: the browser's login ends the company admin's other session. */
const auditor = { name: 'Auditora', email: `auditora-fluxo-${id}@e2e.test`, password: 'senha123' };
const businessNumber = `5511975${suffix}`;
const customer = { number: `5521975${suffix}`, name: `Joana Fluxo ${id}` };
/** The first visit of a lazily loaded page on a busy CI machine. */
const PAGE_LOAD = { timeout: 60_000 };

const MENU = 'Olá {{firstName}}! O que deseja?';
const ASK = 'Quantas unidades?';

/** The node of a type on the canvas (each type is drawn once here, but for the ends). */
function nodeOf(page: Page, type: string): Locator {
  return page.locator(`[data-node-type="${type}"]`);
}

async function centreOf(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on the screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Drags with the mouse, in steps, as a person does (react-flow follows mouse moves). */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 8 });
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
}

/** Moves a node by its title to `at` (canvas coordinates from the canvas's top-left corner). */
async function place(page: Page, node: Locator, at: { x: number; y: number }): Promise<void> {
  const canvas = (await page.getByTestId('flow-canvas').boundingBox())!;
  await drag(page, await centreOf(node.locator('.flow-node-title')), { x: canvas.x + at.x, y: canvas.y + at.y });
}

/** Draws an edge from a node's output to another node's input. */
async function connect(page: Page, source: Locator, handle: string, target: Locator): Promise<void> {
  const sourceId = (await source.getAttribute('data-testid'))!.replace('flow-node-', '');
  const edges = await page.locator('.react-flow__edge').count();
  await drag(
    page,
    await centreOf(page.getByTestId(`flow-handle-${sourceId}-${handle}`)),
    await centreOf(target.locator('.react-flow__handle.target')),
  );
  await eventually(`the edge from ${sourceId} ${handle}`, async () => (await page.locator('.react-flow__edge').count()) === edges + 1);
}

/** Adds a node from the palette and moves it to its place; its form opens at the side. */
async function addNode(page: Page, type: string, at: { x: number; y: number }, index = 0): Promise<Locator> {
  await page.getByTestId(`flow-palette-${type}`).click();
  const node = nodeOf(page, type).nth(index);
  await node.waitFor();
  await place(page, node, at);
  await page.getByTestId('flow-node-panel').waitFor();
  return node;
}

/**
 * Issue 27 end to end: an admin draws a flow with a menu, a question and a condition on the canvas,
 * tests it in the panel (no WhatsApp), publishes it, attaches it to a connection in the connection
 * dialog, and a sandbox customer walks the published version over WhatsApp.
 */
describe('a flow drawn in the editor, tested in the panel, published, attached and walked by a customer', () => {
  let browser: Browser;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    const superToken = (await call<{ token: string }>(apiUrl('/auth/login'), { body: { email: 'admin@admin.com', password: '123456' } }))
      .token;
    const plan = await call<{ id: number }>(apiUrl('/plans'), {
      token: superToken,
      body: { name: `Fluxos ${id}`, users: 5, connections: 2, queues: 3, value: 0, useIntegrations: true },
    });
    await call(apiUrl('/companies/cadastro'), {
      body: { name: company.name, email: company.email, password: company.password, phone: '11987654321', planId: plan.id },
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

  const { says, received } = sandboxCustomer(customer, businessNumber);

  it('draws, tests, publishes and attaches the flow; the customer walks it', async () => {
    let flowId = 0;
    await step('flows-admin-creates', [page], async () => {
      await logIn(page, company.email, company.password);
      await page.goto(webUrl('/flows'));
      await page.getByTestId('add-flow').waitFor(PAGE_LOAD);
      await page.getByTestId('add-flow').click();
      await page.getByTestId('flow-name-input').fill('Pedidos');
      await page.getByTestId('flow-name-submit').click();
      await page.waitForURL(/\/flows\/\d+$/);
      flowId = Number(new URL(page.url()).pathname.split('/').pop());
      await nodeOf(page, 'start').waitFor(PAGE_LOAD);
      await screenshot(page, 'flows-00-editor-open');
    });

    const panel = page.getByTestId('flow-node-panel');
    await step('flows-admin-draws', [page], async () => {
      // zoomed out to 69 %: the nodes are laid out around the middle of the canvas, where new ones appear
      await page.locator('.react-flow__controls-zoomout').click();
      await page.locator('.react-flow__controls-zoomout').click();
      await place(page, nodeOf(page, 'start'), { x: 90, y: 40 });
      const menu = await addNode(page, 'menu', { x: 300, y: 40 });
      await panel.getByTestId('flow-field-text').fill(MENU);
      await panel.getByTestId('flow-option-0').fill('Comprar');
      await panel.getByTestId('flow-option-1').fill('Falar depois');
      const question = await addNode(page, 'question', { x: 510, y: 40 });
      await panel.getByTestId('flow-field-text').fill(ASK);
      await panel.getByTestId('flow-field-variable').fill('qty');
      await chooseOption(page, '[data-testid="flow-field-validation"]', 'Número');
      const condition = await addNode(page, 'condition', { x: 510, y: 480 });
      await panel.getByTestId('flow-rule-0-variable').fill('qty');
      await chooseOption(page, '[data-testid="flow-rule-0-operator"]', 'maior que');
      await panel.getByTestId('flow-rule-0-value').fill('10');
      const big = await addNode(page, 'end', { x: 300, y: 600 }, 0);
      await panel.getByTestId('flow-field-text').fill('Pedido grande: {{qty}} unidades. Obrigado!');
      const small = await addNode(page, 'end', { x: 510, y: 620 }, 1);
      await panel.getByTestId('flow-field-text').fill('Pedido pequeno: {{qty}} unidades.');
      const later = await addNode(page, 'end', { x: 90, y: 480 }, 2);
      await panel.getByTestId('flow-field-text').fill('Até logo!');

      // every output drawn by hand: the problems counter goes down to 0
      await connect(page, nodeOf(page, 'start'), 'out', menu);
      const menuId = (await menu.getAttribute('data-testid'))!.replace('flow-node-', '');
      const optionIds = await page
        .locator(`[data-testid^="flow-handle-${menuId}-"]`)
        .evaluateAll((handles) => handles.map((handle) => handle.getAttribute('data-testid')!.split('-').slice(-2).join('-')));
      expect(optionIds).toHaveLength(2);
      await connect(page, menu, optionIds[0]!, question);
      await connect(page, menu, optionIds[1]!, later);
      await connect(page, question, 'answered', condition);
      await connect(page, condition, 'true', big);
      await connect(page, condition, 'false', small);
      await page.getByTestId('flow-fit').click();
      await eventually(
        'no problem left on the canvas',
        async () => (await page.getByTestId('flow-problem-count').getAttribute('data-count')) === '0',
      );
      expect(await page.locator('.react-flow__edge').count()).toBe(6);
      await screenshot(page, 'flows-01-drawn');
    });

    await step('flows-admin-tests-in-panel', [page], async () => {
      await page.getByTestId('flow-test-toggle').click();
      const test = page.getByTestId('flow-test-panel');
      const sayInPanel = async (text: string) => {
        await test.getByTestId('flow-test-input').fill(text);
        await test.getByTestId('flow-test-send').click();
      };
      await sayInPanel('oi');
      await test.getByTestId('flow-test-bot').filter({ hasText: 'O que deseja?' }).waitFor();
      await sayInPanel('comprar');
      await test.getByTestId('flow-test-bot').filter({ hasText: ASK }).waitFor();
      await sayInPanel('muitas');
      await sayInPanel('25');
      await test.getByTestId('flow-test-bot').filter({ hasText: 'Pedido grande: 25 unidades. Obrigado!' }).waitFor();
      expect(await test.getByTestId('flow-test-variable-qty').innerText()).toBe('25');
      await screenshot(page, 'flows-02-tested');
      await page.getByTestId('flow-test-toggle').click();
    });

    await step('flows-admin-publishes', [page], async () => {
      await page.getByTestId('flow-publish').click();
      await page.getByTestId('flow-version').filter({ hasText: '1' }).waitFor();
      const stored = await call<{ version: number | null; nodes: unknown[]; edges: unknown[] }>(apiUrl(`/flows/${flowId}`), { token });
      expect({ version: stored.version, nodes: stored.nodes.length, edges: stored.edges.length }).toEqual({
        version: 1,
        nodes: 7,
        edges: 6,
      });
    });

    const connection = await connectSandbox(token, [], businessNumber);
    await step('flows-admin-attaches', [page], async () => {
      await page.goto(webUrl('/connections'));
      await page.getByTestId(`edit-${connection.id}`).click(PAGE_LOAD);
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('tab', { name: 'Integrações' }).click();
      await chooseOption(page, '#connection_flowId', 'Pedidos');
      await page.getByTestId('connection-form-submit').click();
      await dialog.waitFor({ state: 'hidden' });
      await eventually(
        'the flow attached',
        async () => (await call<{ flowId: number | null }>(apiUrl(`/whatsapp/${connection.id}`), { token })).flowId === flowId,
      );
    });

    await step('flows-customer-walks', [page], async () => {
      const first = customer.name.split(' ')[0];
      await says('oi');
      expect(await received(1)).toEqual([`Olá ${first}! O que deseja?\n1 - Comprar\n2 - Falar depois`]);
      await says('1');
      expect((await received(2)).slice(1)).toEqual([ASK]);
      await says('7');
      expect((await received(3)).slice(2)).toEqual(['Pedido pequeno: 7 unidades.']);
    });
  }, 600_000);
});
