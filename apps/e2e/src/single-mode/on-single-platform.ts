import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { e2eEnvOf, startE2ePlatform } from '../../e2e-platform.mjs';
import { SCREENSHOTS_DIR } from '../browser.js';

/**
 * Imported first by the files of this folder: the scenario they import next runs against the
 * platform in single mode (apps/single: every service and the gateway in one process, docs/adr/026),
 * started for this file beside the run's own (Jest gives each test file its own process.env, where
 * the specs read the platform's addresses). When the whole run is in single mode already
 * (ATRIUM_TEST_MODE=single npm run e2e) the file uses the run's platform.
 */
const E2E_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const runInSingleMode = process.env.ATRIUM_TEST_MODE === 'single' || process.env.ATRIUM_MODE === 'single';
let platform: Awaited<ReturnType<typeof startE2ePlatform>> | undefined;

beforeAll(async () => {
  if (runInSingleMode) return;
  const tools = (await import(path.join(E2E_ROOT, 'e2e-platform.mjs'))) as {
    startE2ePlatform: typeof startE2ePlatform;
    e2eEnvOf: typeof e2eEnvOf;
  };
  const mailDir = path.join(SCREENSHOTS_DIR, 'single-mode-mail');
  mkdirSync(mailDir, { recursive: true });
  let mailCount = 0;
  platform = await tools.startE2ePlatform({
    mode: 'single',
    log: (line) => appendFileSync(path.join(SCREENSHOTS_DIR, 'platform-single-mode.log'), `${line}\n`),
    onMail: (mail) => writeFileSync(path.join(mailDir, `${String(++mailCount).padStart(4, '0')}.json`), JSON.stringify(mail)),
  });
  Object.assign(process.env, tools.e2eEnvOf(platform, mailDir));
  // one process serves the API and every service; none of them runs apart
  expect(platform.processes('single')).toHaveLength(1);
  expect(platform.processes().filter((process) => ['gateway', 'identity', 'tickets', 'sessions'].includes(process.app))).toEqual([]);
}, 180_000);

afterAll(async () => {
  await platform?.stop();
}, 60_000);
