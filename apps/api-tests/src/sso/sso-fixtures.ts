import { expect } from '@jest/globals';
import { ApiClient, type ApiResponse } from '../api-client.js';

/** Where the gateway's callback sent the browser: the web app's login page, with `sso=ok` or `ssoError`. */
export interface CallbackOutcome {
  status: number;
  location: URL;
  client: ApiClient;
}

/**
 * Plays the browser at the provider: opens the authorization URL (the sandbox's login page) and
 * picks the user by e-mail, as its form does; answers the provider's redirect to our callback.
 */
export async function signInAtProvider(authorizationUrl: string, email: string): Promise<URL> {
  const page = await fetch(authorizationUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('OIDC sandbox');
  const chosen = await fetch(authorizationUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email }).toString(),
    redirect: 'manual',
  });
  expect(chosen.status).toBe(302);
  return new URL(chosen.headers.get('location')!);
}

/** Follows the provider's redirect to the gateway's callback with the browser's cookie jar, without following on to the web app. */
export async function completeAtGateway(client: ApiClient, callback: URL): Promise<CallbackOutcome> {
  client.redirects = 'manual';
  const response: ApiResponse = await client.get(`${callback.pathname}${callback.search}`);
  client.redirects = 'follow';
  return { status: response.status, location: new URL(response.headers.get('location') ?? 'http://invalid/'), client };
}
