import type { INestApplication } from '@nestjs/common';
import { loadConfig } from '@atrium/config';
import { healthSubject } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { startService } from '@atrium/service-kit';
import { createTestDatabase, isolatedEnv, type TestDatabase } from '@atrium/testing';
import { AiAppModule } from './app.module.js';
import { AiConfig } from './config.js';

/** The service boots against the real servers and answers its health over NATS. */
describe('ai service', () => {
  let database: TestDatabase;
  let app: INestApplication;

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig(AiConfig, isolatedEnv(database));
    app = await startService({ service: 'ai', config, module: AiAppModule.forRoot(config) });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('answers ai.health with every check up', async () => {
    const report = await app.get(RpcClient).request(healthSubject('ai'), {});
    expect(report).toMatchObject({ service: 'ai', status: 'ok' });
    expect(Object.values(report.checks).every((check) => check === 'up')).toBe(true);
  });
});
