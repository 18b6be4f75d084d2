import type { INestApplication } from '@nestjs/common';
import { loadConfig } from '@atrium/config';
import { healthSubject } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { startService } from '@atrium/service-kit';
import { createTestDatabase, isolatedEnv, type TestDatabase } from '@atrium/testing';
import { BillingAppModule } from './app.module.js';
import { BillingConfig } from './config.js';

/** The service boots against the real servers and answers its health over NATS. */
describe('billing service', () => {
  let database: TestDatabase;
  let app: INestApplication;

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig(BillingConfig, isolatedEnv(database));
    app = await startService({ service: 'billing', config, module: BillingAppModule.forRoot(config) });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('answers billing.health with every check up', async () => {
    const report = await app.get(RpcClient).request(healthSubject('billing'), {});
    expect(report).toMatchObject({ service: 'billing', status: 'ok' });
    expect(Object.values(report.checks).every((check) => check === 'up')).toBe(true);
  });
});
