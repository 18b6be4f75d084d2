import type { AddressInfo } from 'node:net';
import { startStack, type Stack } from './stack.js';

describe('every service boots and answers health', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ services: ['identity', 'tickets', 'sessions', 'campaigns', 'billing', 'ai'] });
  });
  afterAll(() => stack.stop());

  it.each(['identity', 'tickets', 'sessions', 'campaigns', 'billing', 'ai'] as const)(
    '%s is live and ready over HTTP, on the loopback only (HEALTH_HOST)',
    async (name) => {
      const url = (await stack.apps[name]!.getUrl()).replace('[::1]', '127.0.0.1');
      expect((await fetch(`${url}/health/live`)).status).toBe(200);
      const ready = await fetch(`${url}/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ service: name, status: 'ok', checks: { nats: 'up', redis: 'up' } });
      const address = stack.apps[name]!.getHttpServer().address() as AddressInfo;
      expect(address.address).toBe('127.0.0.1');
    },
  );

  it('gateway: is live and ready on its public port, which tells the status and not the dependencies', async () => {
    expect((await fetch(`${stack.url}/health/live`)).status).toBe(200);
    const ready = await fetch(`${stack.url}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok' });
    expect((stack.apps.gateway!.getHttpServer().address() as AddressInfo).address).toMatch(/^(0\.0\.0\.0|::)$/);
  });

  it('serves Prometheus metrics on each service’s health port, and not on the gateway’s public port without METRICS_TOKEN', async () => {
    for (const name of ['identity', 'tickets', 'sessions', 'campaigns', 'billing', 'ai'] as const) {
      const url = (await stack.apps[name]!.getUrl()).replace('[::1]', '127.0.0.1');
      const response = await fetch(`${url}/metrics`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(`nodejs_eventloop_lag_seconds{app="${name}"}`);
    }
    expect((await fetch(`${stack.url}/metrics`)).status).toBe(404);
  });

  it('answers GET /version', async () => {
    const response = await stack.client().get('/version');
    expect(response).toMatchObject({ status: 200, body: { version: '6.0.0' } });
  });

  it('serves the OpenAPI document at /docs with the spec paths and the DTOs’ validation rules', async () => {
    expect((await fetch(`${stack.url}/docs`)).status).toBe(200);
    const document = (await (await fetch(`${stack.url}/docs/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
      components: { schemas: Record<string, { properties?: Record<string, { minLength?: number; maxLength?: number }> }> };
    };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/auth/login', '/users', '/users/{id}', '/settings/{key}', '/companies/cadastro']),
    );
    expect(document.components.schemas.CreateUserDto?.properties?.name).toMatchObject({ minLength: 2, maxLength: 50 });
  });
});
