import type { INestApplication } from '@nestjs/common';
import { loadConfig } from '@atrium/config';
import { CampaignsSubjects, type Actor } from '@atrium/contracts';
import { RpcClient } from '@atrium/messaging';
import { startService } from '@atrium/service-kit';
import { createTestDatabase, isolatedEnv, type TestDatabase } from '@atrium/testing';
import { CampaignsAppModule } from '../app.module.js';
import { CampaignsConfig } from '../config.js';

const COMPANY = 71;
const OTHER = 72;

const actorOf = (companyId: number): Actor => ({
  userId: 1,
  companyId,
  profile: 'admin',
  super: false,
  queueIds: [],
  allTicket: 'desabled',
  sessionId: `session-${companyId}`,
});

/** Schedules over NATS against the real servers (creation with contacts: apps/api-tests/src/campaigns/schedules.int-spec.ts). */
describe('campaigns schedules', () => {
  let database: TestDatabase;
  let app: INestApplication;
  let rpc: RpcClient;

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig(CampaignsConfig, isolatedEnv(database));
    app = await startService({ service: 'campaigns', config, module: CampaignsAppModule.forRoot(config) });
    rpc = app.get(RpcClient);
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('refuses a body under 5 characters and a missing contactId or sendAt (ERR_VALIDATION), before asking anyone', async () => {
    // payloads the contract refuses (a string date, missing fields), sent anyway: the service refuses them too
    const stringDate = { body: 'oi', contactId: 1, sendAt: new Date().toISOString() };
    const missingFields = { body: 'Olá, tudo bem?' };
    await expect(
      // @ts-expect-error sendAt is a Date in ScheduleDto
      rpc.request(CampaignsSubjects.schedulesCreate, stringDate, { actor: actorOf(COMPANY) }),
    ).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
    await expect(
      // @ts-expect-error contactId and sendAt are missing
      rpc.request(CampaignsSubjects.schedulesCreate, missingFields, { actor: actorOf(COMPANY) }),
    ).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
  });

  it('answers ERR_NO_SCHEDULE_FOUND for an unknown id and pages an empty company', async () => {
    await expect(rpc.request(CampaignsSubjects.schedulesShow, { id: 999_999 }, { actor: actorOf(COMPANY) })).rejects.toMatchObject({
      code: 'ERR_NO_SCHEDULE_FOUND',
    });
    expect(await rpc.request(CampaignsSubjects.schedulesPage, {}, { actor: actorOf(OTHER) })).toEqual({
      schedules: [],
      count: 0,
      hasMore: false,
    });
  });
});
