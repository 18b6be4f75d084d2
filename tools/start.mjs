/**
 * `npm start`: the whole platform on this machine, on the default ports. Ctrl-C stops it.
 * `npm start -- --replicas 2`: two processes of every backend app, the gateways behind a local
 * load balancer on the gateway's port. `npm start -- --single` (or ATRIUM_MODE=single): every
 * service and the gateway in one process (apps/single), the sandboxes beside it. See tools/README.md; the work is done by tools/platform.mjs.
 */
import { parseArgs } from 'node:util';
import { createPlatform, PlatformError } from './platform.mjs';
import { DEMO_SANDBOX_ENV, ensureDemoConnection, ensureDemoSso } from './lib/demo-connection.mjs';

const { values: flags } = parseArgs({ options: { replicas: { type: 'string' }, single: { type: 'boolean' } } });
const began = Date.now();
const demo = (process.env.NODE_ENV ?? 'development') !== 'production';
let platform;
try {
  platform = createPlatform({
    ...(flags.replicas === undefined ? {} : { replicas: flags.replicas }),
    // --single (or ATRIUM_MODE=single): every service and the gateway in one process (apps/single)
    ...(flags.single ? { mode: 'single' } : {}),
    onAppExit: (name) => shutdown(`${name} stopped unexpectedly`, 1),
    // The demo company gets a sandbox connection that pairs itself; simulated customers write to it.
    env: demo ? { ...DEMO_SANDBOX_ENV } : {},
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

let exiting = false;
async function shutdown(reason, code) {
  if (exiting) return;
  exiting = true;
  if (reason) console.log(`\n${reason}; stopping Atrium...`);
  await platform.stop();
  console.log('Atrium stopped.');
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (exiting) {
      // A second Ctrl-C: do not wait for a graceful stop.
      platform.killNow();
      process.exit(130);
    }
    void shutdown(signal === 'SIGINT' ? 'Ctrl-C' : 'SIGTERM', 0);
  });
}
process.on('exit', () => platform.killNow());

try {
  await platform.start();
} catch (error) {
  if (!exiting) {
    if (error instanceof PlatformError || !(error instanceof Error)) console.error(String(error instanceof Error ? error.message : error));
    else console.error(error.output ? `${error.message}\n${error.output}` : error.stack);
    await platform.stop();
    process.exit(1);
  }
}

let demoConnection = '';
let demoSso = '';
if (!exiting && demo) {
  // beside it, a Cloud API connection on meta-sandbox's demo number, so both channels are there to try
  demoConnection = await ensureDemoConnection(platform.urls.api, undefined, { cloud: platform.ports['meta-sandbox'] !== undefined }).catch(
    (error) => `demo connection not created: ${error.message}`,
  );
  if (platform.ports['oidc-sandbox'])
    demoSso = await ensureDemoSso(platform.urls.api, `http://127.0.0.1:${platform.ports['oidc-sandbox']}`).catch(
      (error) => `demo single sign-on not configured: ${error.message}`,
    );
}

if (!exiting) {
  const { urls, webServed } = platform;
  console.log(
    [
      '',
      `Atrium is running (ready in ${Math.round((Date.now() - began) / 1000)} s${platform.mode === 'single' ? ', every service and the gateway in one process' : ''})`,
      `  web   ${webServed ? urls.web : '(not built yet: no apps/web/dist)'}`,
      `  API   ${urls.api}${platform.loadBalancer ? ` (load balancer over ${platform.processes('gateway').length} gateways)` : ''}`,
      ...replicaLines(),
      `  docs  ${urls.docs}`,
      `  mail  mails sent by the platform are printed here under [mail] (SMTP 127.0.0.1:${platform.ports.smtp})`,
      '  login admin@admin.com / 123456 (demo super user, seeded outside NODE_ENV=production)',
      ...(demoConnection
        ? [`  demo  ${demoConnection}; simulated WhatsApp network on http://localhost:${platform.ports['wa-sandbox']}`]
        : []),
      ...(demoSso ? [`  sso   ${demoSso}`] : []),
      ...(demo && platform.ports['meta-sandbox'] !== undefined
        ? [
            `  meta  simulated WhatsApp Cloud API on http://localhost:${platform.ports['meta-sandbox']}: a customer writes to the demo number with POST /_sandbox/customers/5511999990000/messages {"phoneNumberId": "100200300400600", "text": "Oi"}`,
          ]
        : []),
      ...(demo
        ? [
            `  pix   simulated Stripe on http://localhost:${platform.ports['stripe-sandbox']}: pay a Pix code with its page's "Pagar (sandbox)" button or POST /_sandbox/pix/pay {"code": "<copia e cola>"}`,
          ]
        : []),
      '',
      'Press Ctrl-C to stop.',
    ].join('\n'),
  );
}

/** With --replicas: where each app's processes listen. */
function replicaLines() {
  const several = platform
    .processes()
    .filter((replica) => replica.index > 0)
    .map((replica) => replica.app);
  return [...new Set(several)].map(
    (app) =>
      `  ${app.padEnd(5)} ${platform
        .processes(app)
        .map((replica) => `:${replica.port}`)
        .join(' ')}`,
  );
}
