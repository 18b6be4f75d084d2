/**
 * The platform a browser test runs against, as the global setup starts it for the whole run and
 * as a file that needs another mode starts it for itself (src/single-mode): the same stack as
 * `npm start` on free ports (or the usual ones), in a database of its own dropped on stop, with
 * its own NATS subject and Redis key prefixes so that a running `npm start` is not disturbed.
 */
import { randomBytes } from 'node:crypto';
import { APPS, freePorts, startPlatform } from '../../tools/platform.mjs';

export async function startE2ePlatform({ mode, build = false, defaultPorts = false, log, onMail }) {
  const id = randomBytes(4).toString('hex');
  let ports;
  if (!defaultPorts) {
    const names = [...APPS.map((app) => app.name), 'web', 'smtp'];
    const free = await freePorts(names.length);
    ports = Object.fromEntries(names.map((name, index) => [name, free[index]]));
  }
  const platform = await startPlatform({
    mode,
    ports,
    database: `atrium_e2e_${id}`,
    dropDatabaseOnStop: true,
    build,
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
    log,
    onMail,
  });
  if (!platform.webServed) {
    await platform.stop();
    throw new Error('apps/web/dist is missing: the web app was not built');
  }
  return platform;
}

/** The variables the specs read the platform's addresses from (src/browser.ts, src/platform-calls.ts, ...). */
export function e2eEnvOf(platform, mailDir) {
  return {
    E2E_WEB_URL: platform.urls.web,
    E2E_API_URL: platform.urls.api,
    E2E_MAIL_DIR: mailDir,
    E2E_SANDBOX_URL: `http://127.0.0.1:${platform.ports['wa-sandbox']}`,
    E2E_OIDC_URL: `http://127.0.0.1:${platform.ports['oidc-sandbox']}`,
    E2E_STRIPE_SANDBOX_URL: `http://127.0.0.1:${platform.ports['stripe-sandbox']}`,
    E2E_BOT_PROVIDERS_URL: `http://127.0.0.1:${platform.ports['bot-providers-sandbox']}`,
  };
}
