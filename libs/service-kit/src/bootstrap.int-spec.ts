import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { Controller, Inject, Injectable, Module, type INestApplication, type OnModuleInit } from '@nestjs/common';
import { ServiceConfig } from '@atrium/config';
import type { NoData, Rpc } from '@atrium/contracts';
import { createLogger } from '@atrium/logging';
import { ContractClient, contractHandler, PrefixedNatsClient } from '@atrium/messaging';
import { AppMetrics } from '@atrium/metrics';
import { startService } from './bootstrap.js';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

type ProbeContract = { 'probe.ready': Rpc<NoData, boolean> };
const ProbeHandler = contractHandler<ProbeContract>();

/** Stands for what a service sets up at init (its NATS client, pools): ready only after a while. */
@Injectable()
class SlowInit implements OnModuleInit {
  ready = false;

  async onModuleInit(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 400));
    this.ready = true;
  }
}

@Controller()
class ProbeController {
  constructor(@Inject(SlowInit) private readonly init: SlowInit) {}

  @ProbeHandler('probe.ready')
  ready(): boolean {
    return this.init.ready;
  }
}

@Module({
  controllers: [ProbeController],
  providers: [SlowInit, { provide: AppMetrics, useValue: new AppMetrics('probe', { defaultMetrics: false }) }],
})
class ProbeModule {}

describe('startService', () => {
  it('takes NATS requests only once every module is initialized', async () => {
    const prefix = `t${randomBytes(4).toString('hex')}.`;
    const config = Object.assign(new ServiceConfig(), { NATS_URL, NATS_SUBJECT_PREFIX: prefix, LOG_LEVEL: 'silent', HEALTH_PORT: 0 });
    const client = new ContractClient<ProbeContract>(new PrefixedNatsClient({ servers: NATS_URL }, prefix));
    await client.connect();
    let app: INestApplication | undefined;
    try {
      const started = startService({
        service: 'probe',
        config,
        module: { module: ProbeModule },
        logger: createLogger({ service: 'probe', level: 'silent' }),
      });
      // ask from the moment the service starts until it answers: its first answer must come from a ready process
      let answer: boolean | undefined;
      const until = Date.now() + 15_000;
      while (answer === undefined && Date.now() < until) {
        answer = await client.request('probe.ready', {}, { timeoutMs: 50 }).catch(() => undefined);
      }
      app = await started;
      expect(answer).toBe(true);
    } finally {
      await client.close();
      await app?.close();
    }
  });
});
