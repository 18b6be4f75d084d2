import { startStack, type Stack } from './stack.js';

describe('every service boots and answers health', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ services: ['identity', 'tickets', 'sessions', 'campaigns', 'billing', 'ai'] });
  });
  afterAll(() => stack.stop());

  it.each(['identity', 'tickets', 'sessions', 'campaigns', 'billing', 'ai', 'gateway'] as const)('%s is live and ready over HTTP', async (name) => {
    const url = (await stack.apps[name]!.getUrl()).replace('[::1]', '127.0.0.1');
    expect((await fetch(`${url}/health/live`)).status).toBe(200);
    const ready = await fetch(`${url}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ service: name, status: 'ok', checks: { nats: 'up', redis: 'up' } });
  });

  it('answers GET /version', async () => {
    const response = await stack.client().get('/version');
    expect(response).toMatchObject({ status: 200, body: { version: '6.0.0' } });
  });

  it('serves the OpenAPI document at /docs', async () => {
    const response = await fetch(`${stack.url}/docs`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('swagger');
  });
});
