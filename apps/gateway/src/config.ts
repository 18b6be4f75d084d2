import { EnvBoolean, IsJwtSecret, MediaStorageConfig } from '@atrium/config';
import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

export class GatewayConfig extends MediaStorageConfig {
  /** The REST API and socket.io port. */
  @IsInt() @Min(0) @Max(65535) PORT: number = 8080;
  /** Must equal identity's JWT_SECRET (32+ bytes; the development default is refused in production). */
  @IsJwtSecret() JWT_SECRET: string = 'dev-only-jwt-secret-change-me-0123456789';
  /** Comma-separated browser origins allowed to call the API with credentials. */
  @IsString() WEB_ORIGINS: string = 'http://localhost:3000,http://127.0.0.1:3000';
  /**
   * Where the web app is (single sign-on sends the browser back there, at `/login`); default: the
   * first of WEB_ORIGINS.
   */
  @IsOptional() @Matches(/^https?:\/\/[^\s,]+$/) WEB_APP_URL?: string;
  /**
   * The API's public `/auth/sso/callback` URL, registered at companies' identity providers as the
   * redirect URI; default: built from each request's host (and X-Forwarded-* from TRUST_PROXY peers).
   */
  @IsOptional() @Matches(/^https?:\/\/\S+\/auth\/sso\/callback$/) SSO_CALLBACK_URL?: string;
  /** Mark the refresh cookie Secure (on behind HTTPS). */
  @EnvBoolean() COOKIE_SECURE: boolean = false;
  /** Largest upload accepted, in bytes. */
  @IsInt() @Min(1024) MAX_UPLOAD_BYTES: number = 20 * 1024 * 1024;
  /**
   * Which peers may set X-Forwarded-For (express "trust proxy"): by default only loopback and
   * private networks (an ingress inside the cluster), so a client cannot fake its IP.
   */
  @IsString() TRUST_PROXY: string = 'loopback, linklocal, uniquelocal';
  @IsString() APP_VERSION: string = '6.0.0';
  /**
   * External messaging API (`POST /api/messages/send`): requests one connection's token may make
   * per window (beyond: 429 ERR_TOO_MANY_ATTEMPTS with Retry-After). The default matches a
   * number's default send pace (sessions' SEND_MIN_GAP_MS, one message a second).
   */
  @IsInt() @Min(1) EXTERNAL_API_RATE_LIMIT: number = 60;
  /** The rate limit's window, in seconds. */
  @IsInt() @Min(1) @Max(86_400) EXTERNAL_API_RATE_WINDOW_S: number = 60;
  /**
   * Accept socket.io's HTTP long-polling transport besides websocket (clients such as Atendechat
   * 6.0.0's web app use polling only). With several gateways, polling needs session affinity at
   * the ingress (each polling request must reach the replica holding the socket; a socket.io
   * adapter does not route them): see deploy/README.md and docs/adr/010.
   */
  @EnvBoolean() SOCKET_POLLING: boolean = true;
  /**
   * A socket holding more event frames than this, not yet taken by its client (engine.io's
   * buffer: a slow websocket, a long-polling client between polls), is dropped: its connection
   * closes, the client reconnects and refetches (gateway_socket_dropped_total{reason="buffered_frames"}).
   * Frames pile up here only once the kernel's socket buffer is full (a client already thousands
   * of frames behind); a held frame costs ~150 bytes (its bytes are shared by all sockets), so the
   * worst case is sockets × this × 150 B (5 000 sockets: ~375 MB).
   */
  @IsInt() @Min(10) @Max(1_000_000) SOCKET_MAX_BUFFERED_FRAMES: number = 500;
  /** The same bound in bytes a websocket holds above what the kernel accepted (reason `buffered_bytes`). */
  @IsInt() @Min(65_536) @Max(1_073_741_824) SOCKET_MAX_BUFFERED_BYTES: number = 4_194_304;
  /** Sockets the fan-out writes to in one turn of the event loop before yielding to heartbeats, handshakes and NATS. */
  @IsInt() @Min(50) @Max(100_000) SOCKET_WRITES_PER_TURN: number = 1000;
}
