import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, type Logger } from '@atrium/logging';
import type { OidcSandboxConfig } from './config.js';
import { sendJson } from './http.js';
import { OidcProvider } from './oidc-provider.js';
import { createOidcHandler, createSandboxControls } from './oidc-routes.js';

export interface RunningOidcSandbox {
  /** The issuer identifier (`/.well-known/openid-configuration` under it). */
  issuer: string;
  port: number;
  provider: OidcProvider;
  close(): Promise<void>;
}

/** Parses `email` or `email:Name`, comma-separated. */
function usersOf(list: string): { email: string; name?: string }[] {
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.includes('@'))
    .map((entry) => {
      const [email, ...name] = entry.split(':');
      return { email: email!.trim(), name: name.join(':').trim() || undefined };
    });
}

/** Starts the OpenID Connect provider stand-in. Used by main.ts and tests (`PORT: 0` for a free port). */
export async function startOidcSandbox(
  config: Partial<OidcSandboxConfig> = {},
  logger: Logger = createLogger({ service: 'oidc-sandbox', level: config.LOG_LEVEL ?? 'info' }),
): Promise<RunningOidcSandbox> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT ?? 8095, config.HOST ?? '0.0.0.0', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const issuer = (config.OIDC_SANDBOX_ISSUER ?? `http://127.0.0.1:${port}`).replace(/\/$/, '');
  const provider = new OidcProvider(issuer);
  provider.addClient({
    clientId: config.OIDC_SANDBOX_CLIENT_ID ?? 'atrium-demo',
    clientSecret: config.OIDC_SANDBOX_CLIENT_SECRET ?? 'atrium-demo-secret',
    redirectUris: (config.OIDC_SANDBOX_REDIRECT_URIS ?? '')
      .split(',')
      .map((uri) => uri.trim())
      .filter(Boolean),
  });
  for (const user of usersOf(config.OIDC_SANDBOX_USERS ?? '')) provider.addUser(user.email, user.name);

  const oidc = createOidcHandler(provider, logger);
  const controls = createSandboxControls(provider);
  server.on('request', (request, response) => {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    if (url.pathname === '/health') return sendJson(response, 200, { status: 'ok' });
    void (url.pathname.startsWith('/_sandbox/') ? controls(request, response, url) : oidc(request, response, url));
  });
  logger.info({ issuer }, 'oidc-sandbox listening');
  return {
    issuer,
    port,
    provider,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
