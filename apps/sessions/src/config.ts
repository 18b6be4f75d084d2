import { DevelopmentDefault, EnvBoolean, MediaStorageConfig } from '@atrium/config';
import { WHATSAPP_PROVIDERS, type WhatsappProvider } from '@atrium/contracts';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength } from 'class-validator';

export class SessionsConfig extends MediaStorageConfig {
  @IsInt() @Min(0) @Max(65535) override HEALTH_PORT: number = 8083;

  /** Name of this replica in the leases table; defaults to host, pid and a random suffix. */
  @IsOptional() @IsString() @Matches(/^[\w.:-]{1,150}$/) SESSIONS_REPLICA_ID?: string;
  /** A session's lease lasts this long unless renewed; a dead replica's sessions move after it. */
  @IsInt() @Min(1000) SESSION_LEASE_TTL_MS: number = 15_000;
  /** How often a replica renews its leases and looks for sessions no one runs. */
  @IsInt() @Min(200) SESSION_LEASE_RENEW_MS: number = 5_000;
  /** Most sessions one claim query takes; a sweep claims batch after batch up to the replica's fair share. */
  @IsInt() @Min(1) SESSION_CLAIM_BATCH: number = 200;
  /** Sessions a replica connects at once (taking over a dead replica's sessions, starting up); the rest wait their turn, leases held. */
  @IsInt() @Min(1) SESSION_CONNECT_CONCURRENCY: number = 50;
  /**
   * Most sessions a replica above its fair share (sessions / live replicas, rounded up) hands
   * over per minute, each closed here before another replica connects it; 0: never rebalance.
   */
  @IsInt() @Min(0) SESSIONS_REBALANCE_MAX_PER_MINUTE: number = 600;
  /**
   * How long an outbound command waits for a session that is moving between replicas (rebalance,
   * shutdown, takeover) to be connected by its new owner; then it fails as before (ERR_WAPP_NOT_INITIALIZED).
   */
  @IsInt() @Min(0) SESSION_HANDOVER_WAIT_MS: number = 20_000;
  /** QR codes shown without a scan before the session goes to TIMEOUT. */
  @IsInt() @Min(1) SESSION_MAX_QR_CODES: number = 5;

  /**
   * Longest one connection attempt may go without a QR code, a pairing code or a connection: it
   * is then closed, shown DISCONNECTED (reason `timeout`) and retried after the reconnect backoff.
   */
  @IsInt() @Min(100) SESSION_ATTEMPT_TIMEOUT_MS: number = 45_000;
  /**
   * Provider of a connection created without one (the old Atendechat form has no provider field).
   * Unset: `sandbox` outside production (development, tests, the demo), `beta` (Baileys) in production.
   */
  @IsOptional() @IsIn(WHATSAPP_PROVIDERS) DEFAULT_WHATSAPP_PROVIDER?: WhatsappProvider;

  /** Minimum gap between two sends of one number (anti-ban pacing). */
  @IsInt() @Min(0) SEND_MIN_GAP_MS: number = 1_000;
  /** Sends waiting their turn per number; beyond, a send fails at once (ERR_SENDING_WAPP_MSG). */
  @IsInt() @Min(1) SEND_MAX_QUEUE: number = 50;

  /** Reconnect backoff of the drivers (exponential with jitter, between these bounds). */
  @IsInt() @Min(10) RECONNECT_BASE_MS: number = 1_000;
  @IsInt() @Min(100) RECONNECT_MAX_MS: number = 60_000;

  /** The wa-sandbox driver websocket (provider `sandbox`). */
  @IsString() SANDBOX_WS_URL: string = 'ws://127.0.0.1:8090/ws';
  /** Run provider `beta` (Baileys, WhatsApp's servers); off in tests, which cannot reach them. */
  @EnvBoolean() BAILEYS_ENABLED: boolean = true;
  /** Import chat history when a phone pairs (bounded by BAILEYS_HISTORY_MAX_MESSAGES). */
  @EnvBoolean() BAILEYS_HISTORY_SYNC: boolean = false;
  @IsInt() @Min(0) BAILEYS_HISTORY_MAX_MESSAGES: number = 500;
  /** Entries of each per-session cache the Baileys driver keeps (recent messages, retries, devices, ...). */
  @IsInt() @Min(16) BAILEYS_CACHE_CAPACITY: number = 1_000;
  /** WhatsApp's websocket; only set to point sessions at a test server. */
  @IsOptional() @IsString() BAILEYS_WS_URL?: string;
  /** Auth-state keys cached per session (the rest are read from PostgreSQL). */
  @IsInt() @Min(16) AUTH_CACHE_MAX_KEYS: number = 2_000;

  /** Meta's Graph API (provider `cloud`): every call goes to `{META_GRAPH_URL}/{META_GRAPH_VERSION}/...` (a local stand-in in tests and the demo). */
  @IsString() @Matches(/^https?:\/\/\S+$/) META_GRAPH_URL: string = 'https://graph.facebook.com';
  @IsString() @Matches(/^v\d+\.\d+$/) META_GRAPH_VERSION: string = 'v23.0';
  /** Milliseconds one Graph API call may take. */
  @IsInt() @Min(100) @Max(120_000) META_GRAPH_TIMEOUT_MS: number = 20_000;
  /**
   * The gateway's public base URL, to show a Cloud API connection's webhook URL
   * (`{PUBLIC_API_URL}/webhooks/whatsapp`) to paste in Meta's app dashboard.
   */
  @IsString() @Matches(/^https?:\/\/\S+$/) PUBLIC_API_URL: string = 'http://localhost:8080';
  /** Key (32 bytes or more) the Cloud API access tokens and app secrets are encrypted with (AES-256-GCM); the development default is refused in production. */
  @IsString() @MinLength(32) @DevelopmentDefault() SESSIONS_SECRETS_KEY: string = 'dev-only-sessions-secrets-key-change-me-0123';
  /**
   * Meta's pair rate limit (about one message every 6 s to the same customer, with short bursts
   * allowed): a Cloud API number sends a customer at most CLOUD_PAIR_BURST messages at once, then
   * one per CLOUD_PAIR_INTERVAL_MS.
   */
  @IsInt() @Min(0) CLOUD_PAIR_INTERVAL_MS: number = 6_000;
  @IsInt() @Min(1) CLOUD_PAIR_BURST: number = 10;
  /** Sends of one Cloud API number waiting or in flight at once; beyond, a send fails at once (ERR_SENDING_WAPP_MSG). */
  @IsInt() @Min(1) CLOUD_MAX_QUEUE: number = 5_000;
  /** Attempts of a Cloud API send Meta throttles (130429, 131056) before it fails; each waits longer (reconnect backoff bounds). */
  @IsInt() @Min(1) @Max(50) CLOUD_SEND_ATTEMPTS: number = 8;
  /** First wait after Meta throttled a send (doubled at each further attempt, with jitter, up to RECONNECT_MAX_MS). */
  @IsInt() @Min(10) CLOUD_RETRY_BASE_MS: number = 1_000;

  /** Largest inbound attachment stored; bigger ones arrive as a message without media. */
  @IsInt() @Min(1024) MAX_MEDIA_BYTES: number = 64 * 1024 * 1024;
}

/** The provider a connection created without one gets (DEFAULT_WHATSAPP_PROVIDER, else by NODE_ENV). */
export function defaultProviderOf(config: Pick<SessionsConfig, 'DEFAULT_WHATSAPP_PROVIDER' | 'NODE_ENV'>): WhatsappProvider {
  return config.DEFAULT_WHATSAPP_PROVIDER ?? (config.NODE_ENV === 'production' ? 'beta' : 'sandbox');
}
