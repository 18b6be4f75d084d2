/**
 * Starts the platform once for every browser test file: the same stack as `npm start` (build,
 * migrations, every app, the built web app), on free ports (E2E_PORTS=default: the usual
 * 3000/8080...), in a database of its own that is dropped afterwards, with its own NATS subject
 * and Redis key prefixes so that a running `npm start` is not disturbed. Tests read the URLs from
 * E2E_WEB_URL and E2E_API_URL and the caught mails from E2E_MAIL_DIR; when both URLs are already
 * set, the tests use that stack instead (and E2E_MAIL_DIR must name where its mails go).
 */
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS, freePorts, startPlatform } from '../../tools/platform.mjs';

const SCREENSHOTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

export default async function globalSetup() {
  if (process.env.E2E_WEB_URL && process.env.E2E_API_URL) return;
  rmSync(SCREENSHOTS_DIR, { recursive: true, force: true });
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  const logFile = path.join(SCREENSHOTS_DIR, 'platform.log');
  // Mails the platform sends (password reset codes) land here, one JSON file each.
  const mailDir = path.join(SCREENSHOTS_DIR, 'mail');
  mkdirSync(mailDir, { recursive: true });
  let mailCount = 0;
  const id = randomBytes(4).toString('hex');
  let ports;
  if (process.env.E2E_PORTS !== 'default') {
    const names = [...APPS.map((app) => app.name), 'web', 'smtp'];
    const free = await freePorts(names.length);
    ports = Object.fromEntries(names.map((name, index) => [name, free[index]]));
  }
  const platform = await startPlatform({
    ports,
    database: `atrium_e2e_${id}`,
    dropDatabaseOnStop: true,
    build: process.env.E2E_BUILD !== '0',
    env: {
      NATS_SUBJECT_PREFIX: `e2e${id}.`,
      REDIS_PREFIX: `e2e:${id}:`,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      // Billing issues the invoices of companies that sign up during the run within seconds.
      BILLING_JOBS_EVERY_MS: '2000',
      // Every spec signs up its own companies from this one address.
      SIGNUPS_PER_IP_PER_HOUR: '1000',
      // WhatsApp where it cannot be reached (a closed local port): a Baileys connection fails at once, with its reason.
      BAILEYS_WS_URL: 'ws://127.0.0.1:9/ws/chat',
    },
    log: (line) => appendFileSync(logFile, `${line}\n`),
    onMail: (mail) => writeFileSync(path.join(mailDir, `${String(++mailCount).padStart(4, '0')}.json`), JSON.stringify(mail)),
  });
  if (!platform.webServed) {
    await platform.stop();
    throw new Error('apps/web/dist is missing: the web app was not built');
  }
  globalThis.atriumE2ePlatform = platform;
  process.env.E2E_WEB_URL = platform.urls.web;
  process.env.E2E_API_URL = platform.urls.api;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_SANDBOX_URL = `http://127.0.0.1:${platform.ports['wa-sandbox']}`;
  process.env.E2E_OIDC_URL = `http://127.0.0.1:${platform.ports['oidc-sandbox']}`;
  process.env.E2E_STRIPE_SANDBOX_URL = `http://127.0.0.1:${platform.ports['stripe-sandbox']}`;
  process.env.E2E_BOT_PROVIDERS_URL = `http://127.0.0.1:${platform.ports['bot-providers-sandbox']}`;
}
