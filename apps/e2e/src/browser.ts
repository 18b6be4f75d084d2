import { mkdirSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

/** Kept by CI when the run fails: screenshots of failed steps and the platform's log. */
export const SCREENSHOTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/** Debian's chromium, as CI installs it (apt-get install chromium). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export function webUrl(pathname = '/'): string {
  const base = process.env.E2E_WEB_URL;
  if (!base) throw new Error('E2E_WEB_URL is not set: run the browser tests through `npm run e2e`');
  return `${base}${pathname}`;
}

export function apiUrl(pathname: string): string {
  const base = process.env.E2E_API_URL;
  if (!base) throw new Error('E2E_API_URL is not set: run the browser tests through `npm run e2e`');
  return `${base}${pathname}`;
}

/** A fresh browser profile (own cookies and localStorage), Portuguese, light theme, desktop size. */
export async function newContext(browser: Browser, viewport = { width: 1440, height: 900 }): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, locale: 'pt-BR', colorScheme: 'light' });
  context.setDefaultTimeout(15_000);
  return context;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `${name}.png`), fullPage: true });
}

/** Runs one step of a scenario; on failure saves a screenshot of every page given, then fails. */
export async function step(name: string, pages: Page[], action: () => Promise<void>): Promise<void> {
  try {
    await action();
  } catch (error) {
    await Promise.all(pages.map((page, index) => screenshot(page, `FAILED-${name}-${index}`).catch(() => undefined)));
    throw error;
  }
}

/**
 * Picks an option of an antd Select: `selector` finds its combobox input (the Form.Item's field id)
 * or its root. The options are read from the dropdown that this select opened.
 */
export async function chooseOption(page: Page, selector: string, optionText: string): Promise<void> {
  const target = page.locator(selector);
  const input = (await target.getAttribute('role')) === 'combobox' ? target : target.locator('input[role=combobox]');
  await input.click();
  await expectAttribute(input, 'aria-expanded', 'true');
  const listId = await input.getAttribute('aria-controls');
  if (!listId) throw new Error(`the select ${selector} opened no list`);
  const dropdown = page.locator(`.ant-select-dropdown:has([id="${listId}"])`);
  await dropdown.locator('.ant-select-item-option', { hasText: optionText }).first().click();
  await expectAttribute(input, 'aria-expanded', 'false');
}

/**
 * Adds an option in the queue dialog's option-tree editor: `button` opens the editor `form`
 * (e.g. 'option-add-root' / 'option-new-root', or 'option-add-1' / 'option-new-1' for a child of 1),
 * which is filled and saved; resolves once the editor has closed.
 */
export async function addQueueOption(dialog: Locator, button: string, form: string, title: string, message: string): Promise<void> {
  await dialog.getByTestId(button).click();
  const editor = dialog.getByTestId(form);
  await editor.getByLabel('Título').fill(title);
  await editor.getByLabel('Mensagem').fill(message);
  await editor.getByRole('button', { name: 'Salvar' }).click();
  await editor.waitFor({ state: 'detached' });
}

async function expectAttribute(locator: Locator, name: string, value: string): Promise<void> {
  await locator
    .page()
    .waitForFunction(([element, attribute, expected]) => (element as Element).getAttribute(attribute as string) === expected, [
      await locator.elementHandle(),
      name,
      value,
    ] as const);
}

/** The drawer items' route keys (data-route) and labels, sub-menu titles included. */
export async function drawerRoutes(page: Page): Promise<string[]> {
  return page.locator('.side-menu [data-route]').evaluateAll((items) => items.map((item) => item.getAttribute('data-route') ?? ''));
}

/** The visible labels of the drawer's items (sub-menu titles included). */
export async function drawerLabels(page: Page): Promise<string[]> {
  const texts = await page.locator('.side-menu .ant-menu-item, .side-menu .ant-menu-submenu-title').allInnerTexts();
  return texts.map((text) => text.trim()).filter((text) => text.length > 0);
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(webUrl('/login'));
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}

/** The latest mail to `to` that the platform's mail catcher wrote to E2E_MAIL_DIR (global-setup.mjs). */
export async function waitForMail(to: string, timeoutMs = 15_000): Promise<CaughtMail> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run the browser tests through `npm run e2e`');
  const address = to.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = (await readdir(dir)).sort().reverse();
    for (const file of files) {
      const mail = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as CaughtMail;
      if (mail.to.map((recipient) => recipient.toLowerCase()).includes(address)) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
