import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { apiUrl, chooseOption, launchBrowser, logIn, newContext, screenshot, step, webUrl } from './browser.js';
import { call, connectSandbox, eventually, sandboxUrl } from './platform-calls.js';

interface SandboxMessage {
  id: string;
  body: string | null;
}

const id = randomBytes(3).toString('hex');
const suffix = String(parseInt(id, 16) % 1_000_000).padStart(6, '0');
const company = { name: `Equipe ${id}`, email: `equipe-${id}@e2e.test`, password: 'senha123' };
const ana = { name: 'Ana Atende', email: `ana-equipe-${id}@e2e.test`, password: 'senha123' };
const bruno = { name: 'Bruno Colega', email: `bruno-equipe-${id}@e2e.test`, password: 'senha123' };
const businessNumber = `5511955${suffix}`;
const customer = { number: `5521944${suffix}`, name: `Cliente ${id}` };

/**
 * A company's first hour without queues: the admin assigns a customer's conversation to an agent
 * in the transfer dialog with no queue; the agent writes a private note naming a colleague, who
 * is notified; the note shows inline to the team and never reaches the customer.
 */
describe('the team side of a conversation: assignment without queue, private notes with @mention', () => {
  let browser: Browser;
  let adminPage: Page;
  let anaPage: Page;
  let brunoPage: Page;

  beforeAll(async () => {
    const [plan] = await call<Array<{ id: number }>>(apiUrl('/plans/list'));
    await call(apiUrl('/companies/cadastro'), {
      body: { name: company.name, email: company.email, password: company.password, phone: '11987654321', planId: plan!.id },
    });
    const { token } = await call<{ token: string }>(apiUrl('/auth/login'), { body: { email: company.email, password: company.password } });
    for (const agent of [ana, bruno]) await call(apiUrl('/users'), { token, body: { ...agent, profile: 'user', queueIds: [] } });
    await connectSandbox(token, [], businessNumber);

    browser = await launchBrowser();
    [adminPage, anaPage, brunoPage] = await Promise.all([0, 1, 2].map(async () => (await newContext(browser)).newPage()));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the admin assigns the ticket to Ana with no queue; Ana notes it privately naming Bruno, who is notified; the customer gets nothing', async () => {
    await step('team-log-in', [adminPage, anaPage, brunoPage], async () => {
      for (const [page, user] of [
        [adminPage, company],
        [anaPage, ana],
        [brunoPage, bruno],
      ] as const) {
        await logIn(page, user.email, user.password);
        await page.goto(webUrl('/tickets'));
      }
    });

    await step('team-admin-assigns-without-queue', [adminPage, anaPage], async () => {
      await call(sandboxUrl('/messages'), {
        body: { from: customer.number, to: businessNumber, pushName: customer.name, body: 'Meu pedido não chegou' },
      });
      await adminPage.getByTestId('tab-pending').click();
      const pending = adminPage.getByTestId('tickets-pending').getByRole('listitem').filter({ hasText: customer.name });
      await pending.getByRole('button', { name: 'Aceitar' }).click();
      await adminPage.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
      await adminPage.getByTestId('ticket-options').click();
      await adminPage.getByText('Transferir', { exact: true }).click();
      const dialog = adminPage.getByRole('dialog');
      await dialog.getByText('Nenhuma: sem fila').waitFor();
      await chooseOption(adminPage, '#transfer_userId', ana.name);
      await screenshot(adminPage, 'team-01-transfer-without-queue');
      await adminPage.getByTestId('transfer-submit').click();
      await adminPage.waitForURL(/\/tickets$/);
      // Ana, who has no queue, now has the conversation among hers
      const hers = anaPage.getByTestId('tickets-open').getByRole('listitem').filter({ hasText: customer.name });
      await hers.waitFor();
      await hers.click();
      await anaPage.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
      await anaPage.getByText(`Atribuído a: ${ana.name}`).waitFor();
    });

    const noteText = 'Cliente já reclamou antes, confirmar a transportadora';
    await step('team-private-note-with-mention', [anaPage, brunoPage], async () => {
      await anaPage.locator('.conversation-composer-mode').getByText('Nota privada').click();
      const input = anaPage.getByTestId('note-composer').locator('textarea');
      await input.click();
      await input.pressSequentially('@Bru');
      await anaPage.locator('.ant-mentions-dropdown').getByText(bruno.name).click();
      await input.pressSequentially(noteText);
      await anaPage.getByTestId('note-send').click();
      const note = anaPage.getByTestId('messages-list').locator('[data-testid^="note-"]').filter({ hasText: noteText });
      await note.waitFor();
      await note.locator('.note-mention', { hasText: `@${bruno.name}` }).waitFor();
      await note.getByText(`Nota privada · ${ana.name}`).waitFor();
      await screenshot(anaPage, 'team-02-private-note-inline');

      // Bruno is told: the bell counts the mention and opens the ticket from it
      await brunoPage.getByTestId('notifications-bell').click();
      const mention = brunoPage.locator('[data-testid^="mention-"]').filter({ hasText: `${ana.name} mencionou você` });
      await mention.waitFor();
      await screenshot(brunoPage, 'team-03-mention-notified');
      await mention.click();
      await brunoPage.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    });

    await step('team-note-never-sent', [anaPage], async () => {
      // a reply after the note: once the customer has it, the note would have arrived before it
      await anaPage.locator('.conversation-composer-mode').getByText('Mensagem', { exact: true }).click();
      await anaPage.getByTestId('composer-input').fill('Estou verificando com a transportadora.');
      await anaPage.getByTestId('composer-input').press('Enter');
      const inbox = await eventually('the reply on the customer phone', async () => {
        const messages = await call<SandboxMessage[]>(sandboxUrl(`/messages?customer=${customer.number}&business=${businessNumber}`));
        return messages.some((message) => message.body?.includes('Estou verificando')) ? messages : undefined;
      });
      expect(inbox.filter((message) => message.body?.includes('transportadora') && !message.body.includes('Estou verificando'))).toEqual(
        [],
      );
      expect(inbox.filter((message) => message.body?.includes('reclamou'))).toEqual([]);
    });
  });
});
