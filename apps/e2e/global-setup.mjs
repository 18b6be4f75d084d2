/**
 * Starts the platform once for every browser test file (e2e-platform.mjs): the same stack as
 * `npm start` (build, migrations, every app, the built web app), on free ports (E2E_PORTS=default:
 * the usual 3000/8080...), in a database of its own that is dropped afterwards; as one process
 * (apps/single) when ATRIUM_TEST_MODE or ATRIUM_MODE is `single`. Tests read the URLs from
 * E2E_WEB_URL and E2E_API_URL and the caught mails from E2E_MAIL_DIR; when both URLs are already
 * set, the tests use that stack instead (and E2E_MAIL_DIR must name where its mails go).
 */
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { e2eEnvOf, startE2ePlatform } from './e2e-platform.mjs';

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
  const platform = await startE2ePlatform({
    // ATRIUM_TEST_MODE=single (as the API suites take it) or ATRIUM_MODE=single: every service and the gateway in one process
    mode: process.env.ATRIUM_TEST_MODE || undefined,
    build: process.env.E2E_BUILD !== '0',
    defaultPorts: process.env.E2E_PORTS === 'default',
    log: (line) => appendFileSync(logFile, `${line}\n`),
    onMail: (mail) => writeFileSync(path.join(mailDir, `${String(++mailCount).padStart(4, '0')}.json`), JSON.stringify(mail)),
  });
  globalThis.atriumE2ePlatform = platform;
  Object.assign(process.env, e2eEnvOf(platform, mailDir));
}
