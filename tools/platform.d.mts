/** Types of tools/platform.mjs, for TypeScript tests that start the platform (e.g. apps/e2e). */

export type AppName = 'identity' | 'tickets' | 'sessions' | 'campaigns' | 'billing' | 'ai' | 'gateway' | 'wa-sandbox' | 'stripe-sandbox';

export interface AppDefinition {
  name: AppName;
  port: number;
  portEnv: 'PORT' | 'HEALTH_PORT';
  migrates: boolean;
  readyPath?: string;
}

export type PlatformPorts = Record<AppName | 'web' | 'smtp', number>;

export interface CaughtMail {
  from: string;
  to: string[];
  subject: string;
  /** The plain text (or the HTML without tags). */
  text: string;
  raw: string;
}

export interface PlatformOptions {
  /** Repository root (default: the folder above tools/). */
  root?: string;
  /** Run `nx run-many -t build` first (default true; env ATRIUM_BUILD=0 turns it off). */
  build?: boolean;
  /** Nx projects left out of the build (env ATRIUM_BUILD_EXCLUDE=web,...). */
  buildExclude?: string[];
  /** PostgreSQL server (env ATRIUM_PG_HOST/PORT/USER/PASSWORD; default postgres@127.0.0.1:5432). */
  postgres?: { host?: string; port?: number; user?: string; password?: string };
  /** Database name (env ATRIUM_DB_NAME; default atrium). Created when missing, then migrated. */
  database?: string;
  /** Drop that database in stop() (for tests that use a database of their own). */
  dropDatabaseOnStop?: boolean;
  /** Start an embedded PostgreSQL when none answers on a local host (default true). */
  embeddedPostgres?: boolean;
  /** Its data folder (env ATRIUM_PG_DATA; default .data/postgres). */
  postgresDataDir?: string;
  /** default redis://127.0.0.1:6379 (env ATRIUM_REDIS_URL). */
  redisUrl?: string;
  /** default nats://127.0.0.1:4222 (env ATRIUM_NATS_URL). */
  natsUrl?: string;
  /** Ports to use instead of the defaults (gateway 8080, services 8081-8086, wa-sandbox 8090, stripe-sandbox 8091, bot-providers-sandbox 8093, web 3000, smtp 1025; smtp 0 = any free port). */
  ports?: Partial<PlatformPorts>;
  /** Processes per app (default 1): `{ tickets: 2 }` starts a second tickets process, same environment, on a free health port of its own. */
  replicas?: Partial<Record<AppName, number>>;
  /** Start only these apps (the gateway always starts). Default: every app that exists. */
  apps?: AppName[];
  /** Extra environment for every app; wins over everything the platform sets (e.g. NATS_SUBJECT_PREFIX, REDIS_PREFIX, LOG_LEVEL). */
  env?: Record<string, string>;
  /** Serve apps/web/dist on ports.web (default true). */
  web?: boolean;
  /** How long each app may take to answer its readiness check (default 90 s). */
  readyTimeoutMs?: number;
  /** Receives every console line (default: stdout). Pass `() => {}` to silence. */
  log?: (line: string) => void;
  /** Receives every caught mail (default: printed under [mail]). */
  onMail?: (mail: CaughtMail) => void;
  /** Called when an app exits by itself after it was ready. */
  onAppExit?: (name: AppName, exit: { code: number | null; signal: string | null }) => void;
}

export interface Platform {
  urls: { web: string; api: string; docs: string };
  ports: PlatformPorts;
  databaseUrls: { owner: string; app: string };
  /** Every mail caught so far. */
  mails: CaughtMail[];
  /** Whether apps/web/dist existed and is served on urls.web. */
  webServed: boolean;
  start(): Promise<Platform>;
  /** The first mail to this address (already caught, or the next one). */
  waitForMail(to: string, timeoutMs?: number): Promise<CaughtMail>;
  /** Stops the apps (gateway first), the servers and the embedded PostgreSQL. Safe to call twice. */
  stop(): Promise<void>;
  /** Kills whatever still runs, synchronously (for process 'exit' handlers). */
  killNow(): void;
}

export declare const REPO_ROOT: string;
export declare const APPS: AppDefinition[];
export declare const DEFAULT_PORTS: { web: number; smtp: number };
export declare class PlatformError extends Error {
  output?: string;
}
/** Free TCP ports on 127.0.0.1, to start a platform beside another. */
export declare function freePorts(count: number): Promise<number[]>;
/** A platform not started yet (stop() may be called while it starts). */
export declare function createPlatform(options?: PlatformOptions): Platform;
/** Creates and starts the platform; on failure stops what had started and rethrows. */
export declare function startPlatform(options?: PlatformOptions): Promise<Platform>;
