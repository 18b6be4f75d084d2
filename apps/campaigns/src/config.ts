import { MediaStorageConfig } from '@atrium/config';
import { IsInt, Max, Min } from 'class-validator';

/** The campaigns service's variables; it owns imported spreadsheets, file lists and schedule attachments, so it reads the media store too. */
export class CampaignsConfig extends MediaStorageConfig {
  @IsInt() @Min(0) @Max(65535) override HEALTH_PORT: number = 8084;
  /** How often the advance job starts, plans and finishes campaigns (one run across replicas), and how often an idle replica looks for connections to send on (ms). */
  @IsInt() @Min(20) @Max(60_000) CAMPAIGN_TICK_MS: number = 500;
  /** Tries of one shipping before it counts as failed with its reason (a connection unavailable for the moment, e.g. between sessions replicas, spends none: the shipping waits). */
  @IsInt() @Min(1) @Max(20) CAMPAIGN_SEND_ATTEMPTS: number = 3;
  /** Wait before the first retry of a failed shipping (ms), doubled for each further one. */
  @IsInt() @Min(0) @Max(3_600_000) CAMPAIGN_RETRY_BASE_MS: number = 5_000;
  /** How long a confirmation waits for the recipient's reply before the campaign may finish without it (ms). */
  @IsInt() @Min(0) CAMPAIGN_REPLY_WINDOW_MS: number = 86_400_000;
  /** Sends a connection may have in flight at once (each starts at its turn of the pace, without waiting for the previous one's answer). */
  @IsInt() @Min(1) @Max(64) CAMPAIGN_SENDS_IN_FLIGHT: number = 4;
  /**
   * How much sooner than one pace after a send's answer the connection's next send may start here
   * (ms): the way from here to the sessions service's pacer, which keeps the pace after the previous
   * send completed, so the next send reaches it about when it is due (longer: sends wait there,
   * holding a database connection; shorter: each gap grows by the difference).
   */
  @IsInt() @Min(0) @Max(10_000) CAMPAIGN_PACE_LEAD_MS: number = 50;
  /** A connection's sender lease in PostgreSQL (one replica sends on a connection at a time), renewed every third of it; a killed replica's connection is taken over after at most this (ms). */
  @IsInt() @Min(500) @Max(600_000) CAMPAIGN_SENDER_LEASE_MS: number = 10_000;
}
