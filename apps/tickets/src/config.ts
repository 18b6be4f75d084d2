import { EnvBoolean, MediaStorageConfig } from '@atrium/config';
import { IsInt, IsString, Matches, Max, Min } from 'class-validator';

/** Tickets' variables; it reads the media store too (deleted tickets' files are removed from it). */
export class TicketsConfig extends MediaStorageConfig {
  /** HTTP port of /health/live and /health/ready */
  @IsInt() @Min(0) @Max(65535) override HEALTH_PORT: number = 8082;

  /** Consume the sessions' durable INBOUND stream (off only for tools that must not take its messages). */
  @EnvBoolean() INBOUND_ENABLED: boolean = true;
  /** Name of the durable JetStream consumer every tickets replica shares. */
  @IsString() @Matches(/^[A-Za-z0-9_-]{1,64}$/) INBOUND_CONSUMER: string = 'tickets';
  /**
   * Transactions of inbound events one replica runs at once (lanes; each stores one company's batch or
   * several companies' together). Fewer, larger batches cost less than many small ones: 4 measured
   * best with 2 cores for everything (bench/HISTORY.md).
   */
  @IsInt() @Min(1) @Max(256) INBOUND_CONCURRENCY: number = 4;
  /** Most inbound events stored in one transaction (those that arrived meanwhile, of one company or several). */
  @IsInt() @Min(1) @Max(1000) INBOUND_BATCH_SIZE: number = 100;
  /**
   * Most companies whose waiting messages one transaction stores together (each with its own tenant):
   * with many small companies, one transaction per company made each wait for all those ahead of it.
   */
  @IsInt() @Min(1) @Max(1000) INBOUND_COMPANIES_PER_TRANSACTION: number = 32;
  /** Most inbound events one replica holds, waiting or being stored (it pulls no more meanwhile); well within the ack wait. */
  @IsInt() @Min(1) @Max(100_000) INBOUND_MAX_IN_HAND: number = 2_000;
  /** Seconds JetStream waits for an acknowledgement before redelivering an event. */
  @IsInt() @Min(1) @Max(3600) INBOUND_ACK_WAIT_SECONDS: number = 30;
  /** Attempts at storing an inbound event before it goes to the dead letters (failed_inbound_events) instead of being redelivered. */
  @IsInt() @Min(1) @Max(1000) INBOUND_MAX_DELIVERIES: number = 8;
  /** How often a replica looks for open tickets to close for inactivity (connections' expiresTicket); one replica at a time. */
  @IsInt() @Min(100) @Max(3_600_000) INACTIVITY_SWEEP_MS: number = 30_000;
  /**
   * How long the chatbot's unsent replies (table bot_replies) stay with the replica sending them
   * before another takes them as left by a dead one; renewed at every text sent. Longer than a send
   * may wait for its answer (OUTBOUND_COMMAND_TIMEOUT_MS, 60 s), or a slow send would be tried twice
   * (the same message both times: a reply's WhatsApp id comes from its row, so it arrives once).
   */
  @IsInt() @Min(1_000) @Max(3_600_000) BOT_REPLY_LEASE_MS: number = 90_000;
  /** How often a replica looks for chatbot replies whose sender died (their lease lapsed). */
  @IsInt() @Min(100) @Max(3_600_000) BOT_REPLY_SWEEP_MS: number = 5_000;
}
