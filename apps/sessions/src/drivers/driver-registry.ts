import { Inject, Injectable } from '@nestjs/common';
import type { ChannelDriver } from '@atrium/channel';
import type { WhatsappProvider } from '@atrium/contracts';
import { SERVICE_CONFIG } from '@atrium/service-kit';
import type { SessionsConfig } from '../config.js';
import { MetaGraphClient } from '@atrium/channel';
import { CLOUD_DEFAULT_MESSAGES_PER_SECOND, OUTBOUND_COMMAND_TIMEOUT_MS } from '@atrium/contracts';
import { CloudAccountsRepository } from '../cloud/cloud-accounts.repository.js';
import { CloudSecrets } from '../cloud/cloud-secrets.js';
import { BaileysDriver } from './baileys/baileys.driver.js';
import { CloudDriver } from './cloud/cloud.driver.js';
import { SandboxDriver } from './sandbox/sandbox.driver.js';

/** The channel drivers this replica can run, by the provider named in the connection form. */
@Injectable()
export class DriverRegistry {
  private readonly drivers = new Map<WhatsappProvider, ChannelDriver>();

  constructor(
    @Inject(SERVICE_CONFIG) config: SessionsConfig,
    @Inject(MetaGraphClient) graph: MetaGraphClient,
    @Inject(CloudAccountsRepository) accounts: CloudAccountsRepository,
    @Inject(CloudSecrets) secrets: CloudSecrets,
  ) {
    const backoff = { baseMs: config.RECONNECT_BASE_MS, maxMs: config.RECONNECT_MAX_MS };
    this.register(new SandboxDriver({ url: config.SANDBOX_WS_URL, backoff, requestTimeoutMs: 30_000 }));
    this.register(
      new CloudDriver({
        graph,
        accounts,
        secrets,
        backoff,
        defaultMessagesPerSecond: CLOUD_DEFAULT_MESSAGES_PER_SECOND,
        pace: {
          pairIntervalMs: config.CLOUD_PAIR_INTERVAL_MS,
          pairBurst: config.CLOUD_PAIR_BURST,
          attempts: config.CLOUD_SEND_ATTEMPTS,
          backoff: { baseMs: config.CLOUD_RETRY_BASE_MS, maxMs: config.RECONNECT_MAX_MS },
          // half of what the tickets service waits for the send's answer: the other half is its turn in the queue
          retryBudgetMs: OUTBOUND_COMMAND_TIMEOUT_MS / 2,
        },
      }),
    );
    if (config.BAILEYS_ENABLED) {
      this.register(
        new BaileysDriver({
          backoff,
          historySync: config.BAILEYS_HISTORY_SYNC,
          historyMaxMessages: config.BAILEYS_HISTORY_MAX_MESSAGES,
          cacheCapacity: config.BAILEYS_CACHE_CAPACITY,
          webSocketUrl: config.BAILEYS_WS_URL,
        }),
      );
    }
  }

  register(driver: ChannelDriver): void {
    this.drivers.set(driver.provider, driver);
  }

  get(provider: WhatsappProvider): ChannelDriver | undefined {
    return this.drivers.get(provider);
  }
}
