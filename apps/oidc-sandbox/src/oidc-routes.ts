import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '@atrium/logging';
import { escapeHtml, readBody, redirect, sendHtml, sendJson } from './http.js';
import { OAuthError, type OidcProvider } from './oidc-provider.js';

function loginPage(provider: OidcProvider, query: URLSearchParams, clientId: string, problem?: string): string {
  const users = [...provider.users.values()]
    .map(
      (user) =>
        `<li><button type="submit" name="email" value="${escapeHtml(user.email)}">${escapeHtml(user.name)} &lt;${escapeHtml(user.email)}&gt;</button></li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>OIDC sandbox: sign in</title></head>
<body style="font-family:sans-serif;max-width:28rem;margin:3rem auto">
<h1>OIDC sandbox</h1><p>Sign in to <strong>${escapeHtml(clientId)}</strong> as:</p>
${problem ? `<p role="alert" style="color:#b00">${escapeHtml(problem)}</p>` : ''}
<form method="post" action="/authorize?${escapeHtml(query.toString())}">
<ul style="list-style:none;padding:0">${users}</ul>
<label>E-mail <input type="email" name="email" autocomplete="off"></label>
<button type="submit" name="login" value="1">Sign in</button>
</form></body></html>`;
}

function errorRedirect(redirectUri: string, error: OAuthError, state: string | null, issuer: string): string {
  const target = new URL(redirectUri);
  target.searchParams.set('error', error.error);
  target.searchParams.set('error_description', error.description);
  if (state) target.searchParams.set('state', state);
  target.searchParams.set('iss', issuer);
  return target.toString();
}

/** The provider's public endpoints, as OpenID Connect Core and Discovery name them. */
export function createOidcHandler(provider: OidcProvider, logger: Logger) {
  const authorize = async (request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> => {
    let checked;
    try {
      checked = provider.checkAuthorization(url.searchParams);
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      if ((error as OAuthError & { redirectable?: boolean }).redirectable === false)
        return sendHtml(response, 400, `<!doctype html><p role="alert">${escapeHtml(error.message)}</p>`);
      return redirect(
        response,
        errorRedirect(url.searchParams.get('redirect_uri')!, error, url.searchParams.get('state'), provider.issuer),
      );
    }
    if (request.method !== 'POST') return sendHtml(response, 200, loginPage(provider, url.searchParams, checked.clientId));
    const form = new URLSearchParams(await readBody(request));
    const email = form.get('email')?.trim() ?? '';
    if (!provider.users.has(email.toLowerCase()))
      return sendHtml(response, 200, loginPage(provider, url.searchParams, checked.clientId, `No user ${email || '(empty)'} here.`));
    const code = provider.issueCode(checked, email);
    const target = new URL(checked.redirectUri);
    target.searchParams.set('code', code);
    if (checked.state !== undefined) target.searchParams.set('state', checked.state);
    target.searchParams.set('iss', provider.issuer);
    logger.info({ email, clientId: checked.clientId }, 'oidc-sandbox: signed in');
    redirect(response, target.toString());
  };

  return async (request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> => {
    const method = request.method ?? 'GET';
    try {
      if (url.pathname === '/.well-known/openid-configuration' && method === 'GET') return sendJson(response, 200, provider.discovery());
      if (url.pathname === '/jwks' && method === 'GET') return sendJson(response, 200, provider.jwks());
      if (url.pathname === '/authorize' && (method === 'GET' || method === 'POST')) return await authorize(request, response, url);
      if (url.pathname === '/token' && method === 'POST') {
        const tokens = provider.exchangeCode(new URLSearchParams(await readBody(request)), request.headers.authorization);
        return sendJson(response, 200, tokens);
      }
      if (url.pathname === '/userinfo' && (method === 'GET' || method === 'POST'))
        return sendJson(response, 200, provider.userinfo(request.headers.authorization));
      sendJson(response, 404, { error: 'not_found' });
    } catch (error) {
      if (error instanceof OAuthError) {
        logger.info({ path: url.pathname, error: error.message }, 'oidc-sandbox: refused');
        const headers: Record<string, string> = error.status === 401 ? { 'www-authenticate': `Bearer error="${error.error}"` } : {};
        return sendJson(response, error.status, { error: error.error, error_description: error.description }, headers);
      }
      logger.error({ err: error }, 'oidc-sandbox: request failed');
      sendJson(response, 500, { error: 'server_error' });
    }
  };
}

/** Test-only calls: `POST /_sandbox/users {email,name?,emailVerified?}`, `POST /_sandbox/clients {clientId,clientSecret,redirectUris?}`. */
export function createSandboxControls(provider: OidcProvider) {
  return async (request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> => {
    if (request.method !== 'POST') return sendJson(response, 405, { error: 'method not allowed' });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse((await readBody(request)) || '{}') as Record<string, unknown>;
    } catch {
      return sendJson(response, 400, { error: 'body must be JSON' });
    }
    if (url.pathname === '/_sandbox/users' && typeof body.email === 'string' && body.email.includes('@'))
      return sendJson(
        response,
        201,
        provider.addUser(body.email, typeof body.name === 'string' ? body.name : undefined, body.emailVerified !== false),
      );
    if (url.pathname === '/_sandbox/clients' && typeof body.clientId === 'string' && typeof body.clientSecret === 'string') {
      const redirectUris = Array.isArray(body.redirectUris)
        ? body.redirectUris.filter((uri): uri is string => typeof uri === 'string')
        : [];
      provider.addClient({ clientId: body.clientId, clientSecret: body.clientSecret, redirectUris });
      return sendJson(response, 201, { clientId: body.clientId, redirectUris });
    }
    sendJson(response, 400, { error: 'unknown call or missing fields' });
  };
}
