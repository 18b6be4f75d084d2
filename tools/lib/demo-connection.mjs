/**
 * What `npm start` does for the demo (outside NODE_ENV=production): gives the demo company (the
 * platform company of admin@admin.com) a connection on the simulated network. wa-sandbox runs in
 * demo mode and pairs it by itself (SANDBOX_AUTO_SCAN_MS), and its simulated customers write to it
 * now and then, so the company is alive as soon as you log in. Idempotent: a company that already
 * has a sandbox connection keeps it.
 */

/**
 * The demo's Cloud API number: meta-sandbox registers it at start (META_SANDBOX_PHONE_NUMBER_ID,
 * with its default WABA, token and app secret, apps/meta-sandbox/src/config.ts) and the demo
 * company gets a `cloud` connection with these credentials.
 */
export const DEMO_CLOUD_NUMBER = {
  phoneNumberId: '100200300400600',
  wabaId: '100200300400500',
  accessToken: 'EAAG-sandbox-demo-token',
  appSecret: 'sandbox-app-secret',
};

/** Environment of the apps for the demo: the sandbox pairs new sessions by itself and simulates customers; meta-sandbox registers the demo number. */
export const DEMO_SANDBOX_ENV = {
  SANDBOX_DEMO: 'true',
  SANDBOX_AUTO_SCAN_MS: '3000',
  META_SANDBOX_PHONE_NUMBER_ID: DEMO_CLOUD_NUMBER.phoneNumberId,
};

export const DEMO_CONNECTION_NAME = 'Sandbox (demo)';
export const DEMO_CLOUD_CONNECTION_NAME = 'Cloud API (demo)';

async function call(api, method, path, { token, body } = {}) {
  const response = await fetch(`${api}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  const json = text ? JSON.parse(text) : undefined;
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status} ${text.slice(0, 200)}`);
  return json;
}

/** The demo's single sign-on: oidc-sandbox's default client, and its users' domain. */
export const DEMO_SSO = { clientId: 'atrium-demo', clientSecret: 'atrium-demo-secret', domain: 'sso.demo', user: 'ana@sso.demo' };

/**
 * Names oidc-sandbox as the demo company's single sign-on provider for e-mails @sso.demo (users
 * created at their first login). Idempotent: a company whose SSO is configured keeps it.
 */
export async function ensureDemoSso(api, issuer, credentials = { email: 'admin@admin.com', password: '123456' }) {
  const { token } = await call(api, 'POST', '/auth/login', { body: credentials });
  const current = await call(api, 'GET', '/sso-settings', { token });
  if (!current.configured) {
    const { clientId, clientSecret, domain } = DEMO_SSO;
    await call(api, 'PUT', '/sso-settings', { token, body: { issuer, clientId, clientSecret, domains: [domain], requireSso: false } });
  }
  return `single sign-on: type ${DEMO_SSO.user} on the login page, then "Entrar com SSO" (provider ${issuer})`;
}

/**
 * Logs in as the demo admin and creates the sandbox connection when the company has none, and
 * (with `cloud`, when meta-sandbox runs) a Cloud API connection on the demo number beside it, so a
 * new user sees both channels. Answers what it did, for the start banner.
 */
export async function ensureDemoConnection(api, credentials = { email: 'admin@admin.com', password: '123456' }, { cloud = false } = {}) {
  const { token } = await call(api, 'POST', '/auth/login', { body: credentials });
  const connections = await call(api, 'GET', '/whatsapp?session=0', { token });
  const existing = connections.find((connection) => connection.provider === 'sandbox');
  const sandbox = existing
    ? `demo connection '${existing.name}' (${existing.status})`
    : `demo connection '${(await call(api, 'POST', '/whatsapp', { token, body: { name: DEMO_CONNECTION_NAME, provider: 'sandbox' } })).name}' created: the sandbox pairs it in a few seconds`;
  if (!cloud) return sandbox;
  return `${sandbox}; ${await ensureDemoCloudConnection(api, token, connections)}`;
}

/** The demo company's `cloud` connection on meta-sandbox's demo number (kept when it exists; a refusal is reported, not fatal). */
async function ensureDemoCloudConnection(api, token, connections) {
  const existing = connections.find((connection) => connection.provider === 'cloud');
  if (existing) return `Cloud API connection '${existing.name}' (${existing.status})`;
  try {
    const created = await call(api, 'POST', '/whatsapp', {
      token,
      body: { name: DEMO_CLOUD_CONNECTION_NAME, provider: 'cloud', ...DEMO_CLOUD_NUMBER },
    });
    return `Cloud API connection '${created.name}' created on meta-sandbox`;
  } catch (error) {
    return `Cloud API connection not created: ${error instanceof Error ? error.message : String(error)}`;
  }
}
