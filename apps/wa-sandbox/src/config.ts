import { EnvBoolean } from '@atrium/config';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

/** The sandbox's environment (see README). */
export class SandboxConfig {
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) LOG_LEVEL: string = 'info';
  /** HTTP API and driver websocket (`/ws`). */
  @IsInt() @Min(0) @Max(65535) PORT: number = 8090;
  @IsString() HOST: string = '0.0.0.0';
  /** Base URL others reach the sandbox at (profile-picture links); defaults to http://127.0.0.1:<port>. */
  @IsOptional() @IsString() SANDBOX_PUBLIC_URL?: string;
  /** Pair every new session by itself this many ms after its first QR code (0: only through POST /scan). */
  @IsInt() @Min(0) SANDBOX_AUTO_SCAN_MS: number = 0;
  /** A sent message is "received" (ack 2) this long after it was sent. */
  @IsInt() @Min(0) SANDBOX_ACK_DELAY_MS: number = 300;
  /** An unscanned QR code is replaced by a new one after this long, as on WhatsApp. */
  @IsInt() @Min(100) SANDBOX_QR_INTERVAL_MS: number = 20_000;
  /** Simulated customers write to connected numbers now and then. */
  @EnvBoolean() SANDBOX_DEMO: boolean = false;
  @IsInt() @Min(100) SANDBOX_DEMO_INTERVAL_MS: number = 30_000;
  /** Messages kept per customer for GET /messages. */
  @IsInt() @Min(1) SANDBOX_HISTORY_LIMIT: number = 500;
  /** Customers whose conversations are kept for GET /messages (the least recently written to are forgotten beyond; a bench with more recipients raises it). */
  @IsInt() @Min(1) SANDBOX_CONVERSATION_LIMIT: number = 50_000;
  /** A business message can be deleted for everyone only this long after it was sent (WhatsApp: 2 days and 12 hours); older ones are refused. */
  @IsInt() @Min(0) SANDBOX_DELETE_WINDOW_MS: number = 216_000_000;
  /** Undelivered events kept per business number while its session is offline (oldest dropped beyond). */
  @IsInt() @Min(1) SANDBOX_OUTBOX_LIMIT: number = 50_000;
}
