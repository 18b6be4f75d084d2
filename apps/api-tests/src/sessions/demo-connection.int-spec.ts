import path from 'node:path';
import type { WhatsappView } from '@atrium/contracts';
import { REPO_ROOT } from '@atrium/testing';
import { eventually } from '../nats-fixtures.js';
import { superAdmin } from '../tenants.js';
import { sandboxCall, startSessionsStack, type SessionsStack } from './sessions-fixtures.js';

/** tools/lib/demo-connection.mjs, which npm start runs once the platform is up. */
interface DemoConnectionTool {
  DEMO_CONNECTION_NAME: string;
  ensureDemoConnection(api: string): Promise<string>;
}

describe('npm start’s demo connection', () => {
  let env: SessionsStack;
  let tool: DemoConnectionTool;

  beforeAll(async () => {
    tool = (await import(path.join(REPO_ROOT, 'tools/lib/demo-connection.mjs'))) as DemoConnectionTool;
    // As npm start runs the sandbox: demo customers on, sessions paired by themselves.
    env = await startSessionsStack({ sandbox: { SANDBOX_AUTO_SCAN_MS: 200, SANDBOX_DEMO: true, SANDBOX_DEMO_INTERVAL_MS: 300 } });
  });
  afterAll(() => env.stop());

  it('gives the demo company one sandbox connection that pairs itself on the simulated network', async () => {
    expect(await tool.ensureDemoConnection(env.stack.url)).toMatch(/created/);
    // Idempotent: a second start keeps the connection.
    expect(await tool.ensureDemoConnection(env.stack.url)).toContain(tool.DEMO_CONNECTION_NAME);

    const admin = await superAdmin(env.stack);
    let connections: WhatsappView[] = [];
    await eventually(async () => {
      connections = (await admin.get<WhatsappView[]>('/whatsapp')).body;
      return connections[0]?.status === 'CONNECTED';
    }, 10_000);
    expect(connections).toEqual([
      expect.objectContaining({
        name: tool.DEMO_CONNECTION_NAME,
        provider: 'sandbox',
        isDefault: true,
        number: expect.stringMatching(/^55119\d{8}$/),
      }),
    ]);
    const sessions = await sandboxCall<Array<{ number: string; connected: boolean }>>(env.sandbox, 'GET', '/sessions');
    expect(sessions.body).toContainEqual(expect.objectContaining({ number: connections[0]!.number, connected: true }));
  });
});
