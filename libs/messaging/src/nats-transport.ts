import { ClientNats, ServerNats, type NatsOptions } from '@nestjs/microservices';

type NatsServerOptions = NonNullable<NatsOptions['options']>;
type NatsSubscriber = { subscribe(subject: string, opts: { queue?: string; callback: (...args: unknown[]) => unknown }): unknown };

/**
 * Nest's NATS server with every subscribed subject prefixed, so that test suites (and staging
 * environments) can share one NATS server without answering each other's requests.
 * Handlers still see the unprefixed pattern.
 */
export class PrefixedNatsServer extends ServerNats {
  constructor(
    private readonly serverOptions: NatsServerOptions,
    private readonly prefix: string,
  ) {
    super(serverOptions);
  }

  override bindEvents(client: Parameters<ServerNats['bindEvents']>[0]): void {
    const subscriber = client as unknown as NatsSubscriber;
    const defaultQueue = (this.serverOptions as { queue?: string }).queue;
    const subscriptions = (this as unknown as { subscriptions: unknown[] }).subscriptions;
    for (const [channel, handler] of this.messageHandlers.entries()) {
      const queue = (handler.extras as { queue?: string } | undefined)?.queue ?? defaultQueue;
      const callback = this.getMessageHandler(channel).bind(this) as (...args: unknown[]) => unknown;
      subscriptions.push(subscriber.subscribe(this.prefix + channel, { queue, callback }));
    }
  }
}

/** Nest's NATS client sending to prefixed subjects (see PrefixedNatsServer). */
export class PrefixedNatsClient extends ClientNats {
  constructor(
    options: NatsServerOptions,
    private readonly prefix: string,
  ) {
    super(options);
  }

  protected override normalizePattern(pattern: Parameters<ClientNats['send']>[0]): string {
    return this.prefix + super.normalizePattern(pattern);
  }
}
