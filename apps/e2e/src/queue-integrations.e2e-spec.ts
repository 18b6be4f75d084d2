import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { apiUrl, chooseOption, launchBrowser, logIn, newContext, screenshot, step, webUrl } from './browser.js';
import { call, eventually } from './platform-calls.js';

const id = randomBytes(3).toString('hex');
const company = { name: `Integrações ${id}`, email: `integracoes-${id}@e2e.test`, password: 'senha123' };
const project = `loja-${id}`;

/** bot-providers-sandbox of the platform under test (global-setup.mjs): Dialogflow's and the receivers' stand-in. */
function botProvidersUrl(pathname: string): string {
  const base = process.env.E2E_BOT_PROVIDERS_URL;
  if (!base) throw new Error('E2E_BOT_PROVIDERS_URL is not set: run the browser tests through `npm run e2e`');
  return `${base}${pathname}`;
}

/**
 * The queue integrations page (spec 001 "Queue integrations") in the real web app: an admin adds a
 * Dialogflow integration, tests its session against the Dialogflow stand-in, edits it (the stored
 * key file shown only as the mask and kept), adds a webhook and sees its signing secret, is refused
 * a webhook pointing into the private network, and deletes an integration.
 */
describe('the queue integrations page', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    const [plan] = await call<Array<{ id: number }>>(apiUrl('/plans/list'));
    await call(apiUrl('/companies/cadastro'), {
      body: { name: company.name, email: company.email, password: company.password, phone: '11987654321', planId: plan!.id },
    });
    browser = await launchBrowser();
    page = await (await newContext(browser)).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const table = () => page.getByTestId('integrations-table');
  const rowOf = (name: string) => table().locator('tr', { hasText: name });
  const dialog = () => page.getByRole('dialog');

  it('creates, tests, edits and deletes integrations', async () => {
    const keyFile = await call<Record<string, string>>(botProvidersUrl('/_sandbox/dialogflow/service-accounts'), {
      body: { projectId: project },
    });

    await step('integrations-create-dialogflow', [page], async () => {
      await logIn(page, company.email, company.password);
      await page.goto(webUrl('/queue-integration'));
      await page.getByTestId('add-integration').click();
      await chooseOption(page, '#queueIntegration_type', 'Dialogflow');
      await dialog().getByTestId('integration-name').fill('Dialogflow loja');
      await dialog().getByTestId('integration-project').fill(project);
      await dialog().getByTestId('integration-json').fill(JSON.stringify(keyFile));
      await dialog().getByTestId('integration-test-session').click();
      await dialog().getByTestId('integration-test-answer').getByText('Olá! Como posso ajudar?').waitFor();
      await screenshot(page, 'integrations-01-test-session');
      await page.getByTestId('queue-integration-submit').click();
      await rowOf('Dialogflow loja').getByTestId('integration-logo-dialogflow').waitFor();
      expect(await table().innerText()).not.toContain('PRIVATE KEY');
    });

    await step('integrations-edit', [page], async () => {
      await rowOf('Dialogflow loja').getByRole('button', { name: 'Editar' }).click();
      const name = dialog().getByTestId('integration-name');
      await eventually('the stored integration in the form', async () => (await name.inputValue()) === 'Dialogflow loja');
      expect(await dialog().getByTestId('integration-json').inputValue()).toBe('********');
      await name.fill('Dialogflow atendimento');
      await page.getByTestId('queue-integration-submit').click();
      await rowOf('Dialogflow atendimento').waitFor();
      expect(await rowOf('Dialogflow loja').count()).toBe(0);
    });

    await step('integrations-webhook', [page], async () => {
      await page.getByTestId('add-integration').click();
      await chooseOption(page, '#queueIntegration_type', 'Webhook');
      await dialog().getByTestId('integration-name').fill('Webhook interno');
      await dialog().getByTestId('integration-url').fill('http://10.0.0.7:5678/webhook/pedidos');
      await page.getByTestId('queue-integration-submit').click();
      // the SSRF guard refuses an address in the private network (ERR_VALIDATION on urlN8N)
      await page.locator('.ant-notification-notice', { hasText: 'urlN8N' }).waitFor();
      await dialog().getByText('Endereço não permitido: use http(s) e um endereço público').waitFor();
      expect(await rowOf('Webhook interno').count()).toBe(0);

      await dialog().getByTestId('integration-name').fill('Webhook pedidos');
      await dialog().getByTestId('integration-url').fill(botProvidersUrl('/webhook/pedidos'));
      await page.getByTestId('queue-integration-submit').click();
      await rowOf('Webhook pedidos').getByTestId('integration-logo-webhook').waitFor();
      await rowOf('Webhook pedidos').getByRole('button', { name: 'Editar' }).click();
      await dialog()
        .getByTestId('integration-signing-secret')
        .getByText(/^whsec_/)
        .waitFor();
      await screenshot(page, 'integrations-02-webhook-secret');
      await dialog().getByRole('button', { name: 'Cancelar' }).click();
    });

    await step('integrations-delete', [page], async () => {
      await rowOf('Dialogflow atendimento').getByRole('button', { name: 'Excluir' }).click();
      await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Excluir' }).click();
      await page.getByText('Integração excluída com sucesso.').waitFor();
      await eventually('the row removed', async () => (await rowOf('Dialogflow atendimento').count()) === 0);
      expect(await rowOf('Webhook pedidos').count()).toBe(1);
      await screenshot(page, 'integrations-03-deleted');
    });
  });
});
