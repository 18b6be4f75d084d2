import type { INestApplication } from '@nestjs/common';
import { loadConfig } from '@atrium/config';
import { healthSubject } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { startService } from '@atrium/service-kit';
import { createTestDatabase, isolatedEnv, type TestDatabase } from '@atrium/testing';
import { CampaignsAppModule } from './app.module.js';
import { CampaignsConfig } from './config.js';

/** The service boots against the real servers and answers its health over NATS. */
describe('campaigns service', () => {
  let database: TestDatabase;
  let app: INestApplication;

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig(CampaignsConfig, isolatedEnv(database));
    app = await startService({ service: 'campaigns', config, module: CampaignsAppModule.forRoot(config) });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('answers campaigns.health with every check up', async () => {
    const report = await app.get(RpcClient).request(healthSubject('campaigns'), {});
    expect(report).toMatchObject({ service: 'campaigns', status: 'ok' });
    expect(Object.values(report.checks).every((check) => check === 'up')).toBe(true);
  });
});
