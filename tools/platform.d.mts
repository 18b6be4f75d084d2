/** Types of tools/platform.mjs, for TypeScript tests that start the platform (e.g. apps/e2e). */

export type AppName =
  | 'identity'
  | 'tickets'
  | 'sessions'
  | 'campaigns'
  | 'billing'
  | 'ai'
  | 'gateway'
  | 'wa-sandbox'
  | 'stripe-sandbox'
  | 'openai-sandbox'
  | 'bot-providers-sandbox'
  | 'meta-sandbox'
  /** The one process of the single mode (apps/single: every service and the gateway). */
  | 'single';

/** The apps that may run in several processes (the sandboxes keep their state in memory and run once). */
export type ReplicableAppName = 'identity' | 'tickets' | 'sessions' | 'campaigns' | 'billing' | 'ai' | 'gateway';

export interface AppDefinition {
  name: AppName;
  port: number;
  portEnv: 'PORT' | 'HEALTH_PORT';
  migrates: boolean;
  readyPath?: string;
  /** May run in several processes (`replicas`). */
  replicable?: boolean;
  /** The variable naming a replica, where the app keeps one (sessions: SESSIONS_REPLICA_ID). */
  replicaIdEnv?: string;
}

/**
 * One process of an app: `platform.processes('gateway')[1]`. Kill it to simulate a crash, restart
 * it to bring the replica back on the same port.
 */
export interface ReplicaProcess {
  app: AppName;
  /** 0 for the first process of the app, 1 for the second... */
  index: number;
  /** Its HTTP port (PORT or HEALTH_PORT): the first replica of a service keeps the app's port; the others, and every gateway behind the load balancer, get free ones. */
  port: number;
  /** The current process's pid (a new one after restart()). */
  readonly pid: number | undefined;
  /** The name it has in its app's own bookkeeping (sessions: the leases' owner, `sessions-2.1` = replica 2, first start); undefined for apps without one. */
  readonly replicaId: string | undefined;
  readonly alive: boolean;
  /** Resolves with how the current process ended. */
  readonly exited: Promise<{ code: number | null; signal: string | null }>;
  /** Signals its process group (default SIGKILL: a crash) and resolves once it is gone. Not reported to onAppExit. */
  kill(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: string | null } | undefined>;
  /** Stops it if it runs (SIGTERM, SIGKILL after graceMs), starts it again on its port with a new replica id, and waits until it is ready. */
  restart(graceMs?: number): Promise<void>;
}

/** The local load balancer in front of several gateways (round robin per TCP connection, no affinity). */
export interface LoadBalancer {
  port: number;
  /** Open connections per gateway port (a websocket socket.io socket is one; keep-alive HTTP connections count too). */
  connectionsTo(): Record<string, number>;
  /** Connections each gateway port refused (down or restarting), so the next gateway was tried. */
  refusedBy(): Record<string, number>;
  stop(): Promise<void>;
}

export type PlatformPorts = Record<Exclude<AppName, 'single'> | 'web' | 'smtp', number>;

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
  /**
   * Processes per app (env ATRIUM_REPLICAS; `npm start -- --replicas N`): a number for every
   * replicable app started, or a map such as `{ gateway: 2, tickets: 3 }` (others run once).
   * With several gateways a load balancer listens on ports.gateway (urls.api, the web app's
   * /config.js) and the gateways on free ports, with SOCKET_POLLING=false (docs/adr/010).
   */
  replicas?: number | Partial<Record<ReplicableAppName, number>>;
  /**
   * `multi` (a process per app) or `single` (apps/single: every service and the gateway in one
   * process, `processes('single')`, its API on ports.gateway; docs/adr/026). Default: env
   * ATRIUM_MODE, else `multi`. `npm start -- --single`.
   */
  mode?: 'multi' | 'single';
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
  mode: 'multi' | 'single';
  urls: { web: string; api: string; docs: string };
  ports: PlatformPorts;
  databaseUrls: { owner: string; app: string };
  /** Every mail caught so far. */
  mails: CaughtMail[];
  /** Whether apps/web/dist existed and is served on urls.web. */
  webServed: boolean;
  /** The load balancer in front of the gateways when there are several (urls.api points at it), else null. */
  loadBalancer: LoadBalancer | null;
  /** The processes of one app, in order (or of every app): to kill or restart one replica. */
  processes(app?: AppName): ReplicaProcess[];
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
/** Creates and starts the platform; on failure stops what had started and rethrows (a failed step's output, e.g. a migration's, in the message). */
export declare function startPlatform(options?: PlatformOptions): Promise<Platform>;
