import { apiUrl } from './browser.js';

/** wa-sandbox of the platform under test (global-setup.mjs). */
export function sandboxUrl(pathname: string): string {
  const base = process.env.E2E_SANDBOX_URL;
  if (!base) throw new Error('E2E_SANDBOX_URL is not set: run the browser tests through `npm run e2e`');
  return `${base}${pathname}`;
}

/** A JSON call to the platform (a POST when there is a body); fails on any status but 2xx. */
export async function call<T>(url: string, options: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const response = await fetch(url, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Polls until `probe` answers something (the platform works asynchronously: sessions, sandbox deliveries). */
export async function eventually<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A default sandbox connection of the admin's company, serving these queues (with any other connection `fields`), scanned by `businessNumber` and connected. */
export async function connectSandbox(
  token: string,
  queueIds: number[],
  businessNumber: string,
  fields: Record<string, unknown> = {},
): Promise<{ id: number }> {
  const connection = await call<{ id: number }>(apiUrl('/whatsapp'), {
    token,
    body: { name: 'Sandbox', provider: 'sandbox', isDefault: true, queueIds, ...fields },
  });
  await call(apiUrl(`/whatsappsession/${connection.id}`), { token, body: {} });
  // the sandbox refreshes its QR code: one read just before a refresh is refused, and read again
  await eventually('the QR code of the new session scanned', async () => {
    const shown = await call<{ qrcode: string }>(apiUrl(`/whatsapp/${connection.id}`), { token });
    if (!shown.qrcode.startsWith('sandbox-qr:')) return false;
    const scanned = await fetch(sandboxUrl('/scan'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ qr: shown.qrcode, number: businessNumber }),
    });
    if (scanned.ok) return true;
    if (scanned.status === 404) return false;
    throw new Error(`POST /scan answered ${scanned.status} ${await scanned.text()}`);
  });
  await eventually(
    'the session to connect',
    async () => (await call<{ status: string }>(apiUrl(`/whatsapp/${connection.id}`), { token })).status === 'CONNECTED',
  );
  return connection;
}

/** The platform's super user (the seed of `npm start` and of the e2e platform). */
export const SUPER_USER = { email: 'admin@admin.com', password: '123456' };

/**
 * Signs `company` up (POST /companies/cadastro, phone 11987654321) on a plan of its own, which the
 * super user creates with `plan`'s fields (5 users, 2 connections and 3 queues unless given).
 */
export async function signUpOnNewPlan(
  company: { name: string; email: string; password: string },
  plan: { name: string; value: number } & Record<string, unknown>,
): Promise<void> {
  const superToken = (await call<{ token: string }>(apiUrl('/auth/login'), { body: SUPER_USER })).token;
  const created = await call<{ id: number }>(apiUrl('/plans'), {
    token: superToken,
    body: { users: 5, connections: 2, queues: 3, ...plan },
  });
  await call(apiUrl('/companies/cadastro'), {
    body: { name: company.name, email: company.email, password: company.password, phone: '11987654321', planId: created.id },
  });
}
