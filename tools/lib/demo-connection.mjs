/**
 * What `npm start` does for the demo (outside NODE_ENV=production): gives the demo company (the
 * platform company of admin@admin.com) a connection on the simulated network. wa-sandbox runs in
 * demo mode and pairs it by itself (SANDBOX_AUTO_SCAN_MS), and its simulated customers write to it
 * now and then, so the company is alive as soon as you log in. Idempotent: a company that already
 * has a sandbox connection keeps it.
 */

/** Environment of the apps for the demo: the sandbox pairs new sessions by itself and simulates customers. */
export const DEMO_SANDBOX_ENV = { SANDBOX_DEMO: 'true', SANDBOX_AUTO_SCAN_MS: '3000' };

export const DEMO_CONNECTION_NAME = 'Sandbox (demo)';

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
 * Logs in as the demo admin and creates the sandbox connection when the company has none.
 * Answers what it did, for the start banner.
 */
export async function ensureDemoConnection(api, credentials = { email: 'admin@admin.com', password: '123456' }) {
  const { token } = await call(api, 'POST', '/auth/login', { body: credentials });
  const connections = await call(api, 'GET', '/whatsapp?session=0', { token });
  const existing = connections.find((connection) => connection.provider === 'sandbox');
  if (existing) return `demo connection '${existing.name}' (${existing.status})`;
  const created = await call(api, 'POST', '/whatsapp', { token, body: { name: DEMO_CONNECTION_NAME, provider: 'sandbox' } });
  return `demo connection '${created.name}' created: the sandbox pairs it in a few seconds`;
}
