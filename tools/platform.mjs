/**
 * The whole Atrium platform on one machine: infrastructure checks (PostgreSQL, Redis, NATS),
 * an embedded PostgreSQL when none answers, the build, the database and every service's
 * migrations, a development SMTP catcher, every app as a child process (waited on until
 * /health/ready answers), and the built web app on a static server.
 *
 * `npm start` (tools/start.mjs) runs it on the default ports; end-to-end tests start the same
 * stack with `startPlatform({ ports, database, env, ... })` and stop it with `platform.stop()`.
 * The options are described in tools/platform.d.mts and tools/README.md.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { APPS, DEFAULT_PORTS, MODES, SINGLE_APP } from './lib/apps.mjs';
import { startMailCatcher } from './lib/dev-mail.mjs';
import { startLoadBalancer } from './lib/load-balancer.mjs';
import { createOutput } from './lib/output.mjs';
import { startEmbeddedPostgres } from './lib/postgres.mjs';
import { freePorts, hostAndPort, isListening, natsAnswers, redisAnswers, waitForHttpOk } from './lib/probe.mjs';
import { runStep, signalGroup, startProcess } from './lib/processes.mjs';
import { startStaticServer } from './lib/static-server.mjs';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export { APPS, DEFAULT_PORTS, MODES, SINGLE_APP } from './lib/apps.mjs';
export { freePorts } from './lib/probe.mjs';

const REDIS_START = 'redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no';
const NATS_START = 'nats-server -js -a 127.0.0.1 -p 4222 &';
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

/** An error whose message is the whole story (printed as one line, no stack). */
export class PlatformError extends Error {
  constructor(message, output) {
    super(message);
    this.name = 'PlatformError';
    this.output = output;
  }
}

function postgresUrl({ host, port, user, password, database }) {
  const auth = password ? `${encodeURIComponent(user)}:${encodeURIComponent(password)}` : encodeURIComponent(user);
  return `postgres://${auth}@${host.includes(':') ? `[${host}]` : host}:${port}/${encodeURIComponent(database)}`;
}

/**
 * How many processes of each app: `replicas` is a number (every replicable app, see lib/apps.mjs)
 * or a map `{ gateway: 2, tickets: 3 }`; unnamed apps run once.
 */
function resolveReplicas(replicas, apps) {
  if (replicas === undefined || replicas === '') return {};
  if (typeof replicas !== 'object' && !(Number.isInteger(Number(replicas)) && Number(replicas) >= 1)) {
    throw new PlatformError(`replicas: ${replicas} is not a whole number of at least 1`);
  }
  const wanted =
    typeof replicas === 'object' ? replicas : Object.fromEntries(apps.filter((app) => app.replicable).map((app) => [app.name, replicas]));
  const counts = {};
  for (const [name, value] of Object.entries(wanted)) {
    const count = Number(value);
    if (!Number.isInteger(count) || count < 1) throw new PlatformError(`replicas of ${name}: ${value} is not a whole number of at least 1`);
    const app = APPS.find((candidate) => candidate.name === name);
    if (!app) throw new PlatformError(`replicas of ${name}: no such app`);
    if (count > 1 && !app.replicable) throw new PlatformError(`${name} keeps its state in memory and runs once`);
    counts[name] = count;
  }
  return counts;
}

/** `multi` (a process per app, the default) or `single` (apps/single: every service and the gateway in one process). */
function resolveMode(mode) {
  const wanted = mode === undefined || mode === '' ? 'multi' : mode;
  if (!MODES.includes(wanted)) throw new PlatformError(`mode: ${mode} is neither ${MODES.join(' nor ')}`);
  return wanted;
}

/** Settings from the options, then ATRIUM_* variables, then the defaults. */
function resolveSettings(options) {
  const env = process.env;
  const root = options.root ?? REPO_ROOT;
  const mode = resolveMode(options.mode ?? env.ATRIUM_MODE);
  const postgres = {
    host: options.postgres?.host ?? env.ATRIUM_PG_HOST ?? '127.0.0.1',
    port: Number(options.postgres?.port ?? env.ATRIUM_PG_PORT ?? 5432),
    user: options.postgres?.user ?? env.ATRIUM_PG_USER ?? 'postgres',
    password: options.postgres?.password ?? env.ATRIUM_PG_PASSWORD ?? '',
    database: options.database ?? env.ATRIUM_DB_NAME ?? 'atrium',
  };
  const ports = { ...DEFAULT_PORTS, ...Object.fromEntries(APPS.map((app) => [app.name, app.port])), ...options.ports };
  const apps = APPS.filter((app) => existsSync(path.join(root, 'apps', app.name, 'src', 'main.ts'))).filter(
    (app) => !options.apps || options.apps.includes(app.name) || app.name === 'gateway',
  );
  return {
    root,
    postgres,
    ports,
    apps,
    build: options.build ?? env.ATRIUM_BUILD !== '0',
    buildExclude: options.buildExclude ?? (env.ATRIUM_BUILD_EXCLUDE ? env.ATRIUM_BUILD_EXCLUDE.split(',').map((name) => name.trim()) : []),
    web: options.web ?? true,
    embeddedPostgres: options.embeddedPostgres ?? true,
    postgresDataDir: options.postgresDataDir ?? env.ATRIUM_PG_DATA ?? path.join(root, '.data', 'postgres'),
    redisUrl: options.redisUrl ?? env.ATRIUM_REDIS_URL ?? 'redis://127.0.0.1:6379',
    natsUrl: options.natsUrl ?? env.ATRIUM_NATS_URL ?? 'nats://127.0.0.1:4222',
    readyTimeoutMs: options.readyTimeoutMs ?? 90_000,
    dropDatabaseOnStop: options.dropDatabaseOnStop ?? false,
    extraEnv: options.env ?? {},
    replicas: resolveReplicas(options.replicas ?? env.ATRIUM_REPLICAS, apps),
    mode,
  };
}

/** The processes to run: in single mode the composed apps are one (apps/single), the sandboxes stay apart. */
function processApps(settings) {
  if (settings.mode !== 'single') return settings.apps;
  if (Object.values(settings.replicas).some((count) => count > 1)) {
    throw new PlatformError('--replicas runs several processes of each app; the single mode is one process: choose one of them');
  }
  return [SINGLE_APP, ...settings.apps.filter((app) => !SINGLE_APP.composes.includes(app.name))];
}

/**
 * A platform that has not started yet: call `start()`, and `stop()` at any time (also while it
 * is starting: the step under way is cut short). Most callers want `startPlatform`.
 */
export function createPlatform(options = {}) {
  const settings = resolveSettings(options);
  const appsToRun = processApps(settings);
  const output = createOutput({ write: options.log });
  const mails = [];
  const mailWaiters = [];
  /** Every app process (replica) started, in start order. */
  const running = [];
  const cleanups = [];
  let loadBalancer;
  let stepChild;
  let stopping;
  let started = false;

  const ownerUrl = postgresUrl(settings.postgres);
  const appUrl = postgresUrl({ ...settings.postgres, user: 'atrium_app', password: '' });
  const api = `http://localhost:${settings.ports.gateway}`;
  const web = `http://localhost:${settings.ports.web}`;

  const receiveMail = (mail) => {
    mails.push(mail);
    for (const waiter of [...mailWaiters]) {
      if (mail.to.includes(waiter.to)) {
        mailWaiters.splice(mailWaiters.indexOf(waiter), 1);
        waiter.resolve(mail);
      }
    }
    if (options.onMail) options.onMail(mail);
    else output.line('mail', `to ${mail.to.join(', ')} | ${mail.subject}\n${mail.text}`);
  };

  const checkStopped = () => {
    if (stopping) throw new PlatformError('stopped while starting');
  };

  async function checkInfrastructure() {
    const redis = hostAndPort(settings.redisUrl, 6379);
    const nats = hostAndPort(settings.natsUrl, 4222);
    const [redisUp, natsUp] = await Promise.all([redisAnswers(redis.host, redis.port), natsAnswers(nats.host, nats.port)]);
    const missing = [];
    if (!redisUp) missing.push(`Redis does not answer on ${redis.host}:${redis.port}; start it with: ${REDIS_START}`);
    if (!natsUp) missing.push(`NATS does not answer on ${nats.host}:${nats.port}; start it with: ${NATS_START}`);
    if (missing.length > 0) throw new PlatformError(missing.join('\n'));
  }

  async function checkPortsFree() {
    const wanted = [
      ...settings.apps.map((app) => [app.name, settings.ports[app.name]]),
      ...(settings.web ? [['web', settings.ports.web]] : []),
      ['mail', settings.ports.smtp],
    ].filter(([, port]) => port !== 0);
    const taken = [];
    for (const [name, port] of wanted) if (await isListening('127.0.0.1', port)) taken.push(`${port} (${name})`);
    if (taken.length > 0) throw new PlatformError(`port ${taken.join(', ')} already in use: is another \`npm start\` running?`);
  }

  async function ensurePostgres() {
    const { host, port } = settings.postgres;
    if (await isListening(host, port)) return;
    if (!settings.embeddedPostgres || !LOCAL_HOSTS.has(host)) {
      throw new PlatformError(`PostgreSQL does not answer on ${host}:${port}`);
    }
    output.line(
      'postgres',
      `nothing answers on ${host}:${port}: starting the embedded PostgreSQL (data in ${path.relative(settings.root, settings.postgresDataDir) || '.'})`,
    );
    const embedded = await startEmbeddedPostgres({
      dataDir: settings.postgresDataDir,
      port,
      log: (line) => output.line('postgres', line),
    });
    cleanups.push(async () => {
      await embedded.stop();
      output.line('postgres', 'embedded PostgreSQL stopped');
    });
    output.line('postgres', `embedded PostgreSQL listening on 127.0.0.1:${port}`);
  }

  const step = (name, command, args, env = process.env) =>
    runStep({ name, command, args, cwd: settings.root, env, output, track: (child) => (stepChild = child) });

  async function build() {
    const began = Date.now();
    const args = ['nx', 'run-many', '-t', 'build', '--output-style=static'];
    if (settings.buildExclude.length > 0) args.push(`--exclude=${settings.buildExclude.join(',')}`);
    output.line('build', `npx ${args.join(' ')}`);
    await step('build', 'npx', args, { ...process.env, NX_DAEMON: 'false' });
    output.line('build', `done in ${((Date.now() - began) / 1000).toFixed(1)} s`);
  }

  function commonEnv() {
    return {
      ...process.env,
      NODE_ENV: process.env.NODE_ENV ?? 'development',
      DATABASE_URL: appUrl,
      DATABASE_MIGRATION_URL: ownerUrl,
      REDIS_URL: settings.redisUrl,
      NATS_URL: settings.natsUrl,
      ...settings.extraEnv,
    };
  }

  /**
   * The single process's environment: every composed app's own (their variables do not collide but
   * for the ports), the API on the gateway's port and each service's health on its usual one
   * (`<SERVICE>_HEALTH_PORT`, read by apps/single).
   */
  function singleEnv(smtpPort) {
    // services left out of `apps` still run in the single process: their health on a free port
    const env = Object.fromEntries(
      SINGLE_APP.composes.filter((name) => name !== 'gateway').map((name) => [`${name.toUpperCase()}_HEALTH_PORT`, '0']),
    );
    for (const app of settings.apps.filter((candidate) => SINGLE_APP.composes.includes(candidate.name))) {
      const own = appEnv(app, smtpPort);
      delete own[app.portEnv];
      Object.assign(env, own);
      if (app.portEnv === 'HEALTH_PORT') env[`${app.name.toUpperCase()}_HEALTH_PORT`] = String(settings.ports[app.name]);
    }
    // migrated by the platform's step before it starts
    return { ...env, PORT: String(settings.ports.gateway), ATRIUM_MIGRATE_AT_START: 'false' };
  }

  function appEnv(app, smtpPort) {
    if (app.name === SINGLE_APP.name) return singleEnv(smtpPort);
    const env = { ...commonEnv(), [app.portEnv]: String(settings.ports[app.name]) };
    if (app.name === 'identity') Object.assign(env, { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort) });
    if (app.name === 'gateway') env.WEB_ORIGINS = `http://localhost:${settings.ports.web},http://127.0.0.1:${settings.ports.web}`;
    if (app.name === 'sessions') env.SANDBOX_WS_URL = `ws://127.0.0.1:${settings.ports['wa-sandbox']}/ws`;
    if (env.NODE_ENV !== 'production')
      Object.assign(
        env,
        stripeSandboxEnv(app),
        openAiSandboxEnv(app),
        botProvidersSandboxEnv(app),
        metaSandboxEnv(app),
        oidcSandboxEnv(app),
      );
    return { ...env, ...settings.extraEnv };
  }

  /**
   * Outside production billing talks to stripe-sandbox (its default test key and webhook secret
   * are billing's defaults too) and the sandbox delivers its webhooks to billing's endpoint on the gateway.
   */
  function stripeSandboxEnv(app) {
    if (!settings.apps.some((candidate) => candidate.name === 'stripe-sandbox')) return {};
    if (app.name === 'billing')
      return { STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: String(settings.ports['stripe-sandbox']), STRIPE_API_PROTOCOL: 'http' };
    if (app.name === 'stripe-sandbox')
      return { STRIPE_SANDBOX_WEBHOOK_URL: `http://127.0.0.1:${settings.ports.gateway}/subscription/webhook` };
    return {};
  }

  /** Outside production the ai service's OpenAI and Azure Speech calls go to openai-sandbox. */
  function openAiSandboxEnv(app) {
    if (app.name !== 'ai' || !settings.apps.some((candidate) => candidate.name === 'openai-sandbox')) return {};
    const base = `http://127.0.0.1:${settings.ports['openai-sandbox']}`;
    return { OPENAI_BASE_URL: `${base}/v1`, AZURE_SPEECH_URL: `${base}/azure/{region}` };
  }

  /**
   * Outside production the ai service's Dialogflow calls go to bot-providers-sandbox (Typebot and
   * webhook URLs are per integration), and its SSRF guard lets integrations reach that stand-in.
   */
  function botProvidersSandboxEnv(app) {
    if (app.name !== 'ai' || !settings.apps.some((candidate) => candidate.name === 'bot-providers-sandbox')) return {};
    const port = settings.ports['bot-providers-sandbox'];
    return { DIALOGFLOW_API_URL: `http://127.0.0.1:${port}`, INTEGRATION_URL_ALLOWLIST: `127.0.0.1:${port},localhost:${port}` };
  }

  /**
   * Outside production the sessions service's Graph API calls (provider `cloud`) go to meta-sandbox,
   * and the sandbox delivers its signed webhooks to the gateway's `/webhooks/whatsapp`.
   */
  function metaSandboxEnv(app) {
    if (!settings.apps.some((candidate) => candidate.name === 'meta-sandbox')) return {};
    if (app.name === 'sessions') return { META_GRAPH_URL: `http://127.0.0.1:${settings.ports['meta-sandbox']}` };
    if (app.name === 'meta-sandbox') return { META_SANDBOX_WEBHOOK_URL: `http://127.0.0.1:${settings.ports.gateway}/webhooks/whatsapp` };
    return {};
  }

  /**
   * Outside production identity accepts plain-http identity providers (oidc-sandbox), and the
   * sandbox's demo client takes the gateway's single sign-on callback as its redirect URI.
   */
  function oidcSandboxEnv(app) {
    if (!settings.apps.some((candidate) => candidate.name === 'oidc-sandbox')) return {};
    if (app.name === 'identity') return { SSO_ALLOW_HTTP_ISSUERS: 'true' };
    if (app.name === 'oidc-sandbox') {
      const gateway = settings.ports.gateway;
      return { OIDC_SANDBOX_REDIRECT_URIS: `http://localhost:${gateway}/auth/sso/callback,http://127.0.0.1:${gateway}/auth/sso/callback` };
    }
    return {};
  }

  /** An app's own port (the single process serves the API on the gateway's). */
  const portOf = (app) => (app.name === SINGLE_APP.name ? settings.ports.gateway : settings.ports[app.name]);
  const replicasOf = (app) => settings.replicas[app.name] ?? 1;
  /** Several gateways: a load balancer listens on the gateway's port and they on ports of their own. */
  const gatewaysBalanced = () => settings.apps.some((app) => app.name === 'gateway' && replicasOf(app) > 1);

  const mainOf = (app) => path.join('apps', app.name, 'dist', 'main.js');
  // ATRIUM_PROFILE_DIR: each service writes a CPU profile there when it stops (<app>.cpuprofile);
  // ATRIUM_PROFILE_APPS=tickets,gateway: only those (a profiler slows every process it runs in)
  const profiled = (app) => !process.env.ATRIUM_PROFILE_APPS || process.env.ATRIUM_PROFILE_APPS.split(',').includes(app.name);
  const profileArgs = (app, replica = 1) =>
    process.env.ATRIUM_PROFILE_DIR && profiled(app)
      ? [
          '--cpu-prof',
          `--cpu-prof-dir=${process.env.ATRIUM_PROFILE_DIR}`,
          `--cpu-prof-name=${app.name}${replica > 1 ? `-${replica}` : ''}.cpuprofile`,
        ]
      : [];

  async function migrate() {
    const { ensureDatabase } = await import('@atrium/database');
    await ensureDatabase(ownerUrl);
    if (settings.dropDatabaseOnStop) {
      cleanups.push(() => dropDatabase());
      if (settings.extraEnv.NATS_SUBJECT_PREFIX) cleanups.push(() => deleteStreamsOf(settings.extraEnv.NATS_SUBJECT_PREFIX));
    }
    const migrated = [];
    for (const app of appsToRun.filter((candidate) => candidate.migrates)) {
      checkStopped();
      await step(app.name, process.execPath, [mainOf(app), 'migrate'], commonEnv());
      migrated.push(app.name);
    }
    const services =
      settings.mode === 'single'
        ? SINGLE_APP.composes.filter((name) => settings.apps.some((app) => app.name === name && app.migrates))
        : migrated;
    output.line('database', `${settings.postgres.database}: migrations applied (${services.join(', ')})`);
  }

  /**
   * One process of an app (replica `index`, 0-based) on `port`: started, killed and restarted by
   * the platform or by a test (`platform.processes(name)`). Each start gets a fresh replica id
   * where the app keeps one (a restarted replica is a new member, as a new pod would be).
   */
  function createReplica(app, index, port, smtpPort) {
    const label = index === 0 ? app.name : `${app.name}-${index + 1}`;
    let child;
    let starts = 0;
    let replicaId;
    let deliberate = false;
    const replica = {
      app: app.name,
      index,
      port,
      get pid() {
        return child?.child.pid;
      },
      get replicaId() {
        return replicaId;
      },
      get alive() {
        return Boolean(child) && !child.exit;
      },
      /** Resolves with how the current process ended. */
      get exited() {
        return child.exited;
      },
      spawn() {
        starts += 1;
        deliberate = false;
        const env = appEnv(app, smtpPort);
        env[app.portEnv] = String(port);
        if (app.replicaIdEnv && settings.extraEnv[app.replicaIdEnv] === undefined) {
          replicaId = `${app.name}-${index + 1}.${starts}`;
          env[app.replicaIdEnv] = replicaId;
        }
        if (app.name === 'gateway' && gatewaysBalanced() && settings.extraEnv.SOCKET_POLLING === undefined) env.SOCKET_POLLING = 'false';
        child = startProcess({
          name: label,
          command: process.execPath,
          args: [...profileArgs(app, index + 1), mainOf(app)],
          cwd: settings.root,
          env,
          output,
        });
        return child;
      },
      async waitReady() {
        const current = child;
        await waitForHttpOk(`http://127.0.0.1:${port}${app.readyPath ?? '/health/ready'}`, {
          timeoutMs: settings.readyTimeoutMs,
          abandon: () =>
            stopping
              ? 'stopped while starting'
              : current.exit
                ? `${label} exited (${current.exit.signal ?? `code ${current.exit.code}`}) before it was ready:\n${current.tail.slice(-15).join('\n')}`
                : undefined,
        });
        current.exited.then((exit) => {
          if (stopping || deliberate || current !== child) return;
          output.line(label, `exited unexpectedly (${exit.signal ?? `code ${exit.code}`})`);
          options.onAppExit?.(app.name, exit);
        });
      },
      /** Sends `signal` (default SIGKILL) to the process group; resolves once it is gone. */
      async kill(signal = 'SIGKILL') {
        if (!replica.alive) return child?.exit;
        deliberate = true;
        signalGroup(child.child, signal);
        return child.exited;
      },
      /** Stops it (SIGTERM, then SIGKILL after `graceMs`) if it runs, starts it again on its port and waits until it is ready. */
      async restart(graceMs) {
        if (replica.alive) {
          deliberate = true;
          await child.stop(graceMs);
        }
        if (stopping) throw new PlatformError('stopped');
        replica.spawn();
        await replica.waitReady();
      },
      stop(graceMs) {
        deliberate = true;
        return child ? child.stop(graceMs) : Promise.resolve();
      },
      killNow() {
        if (child && !child.exit) signalGroup(child.child, 'SIGKILL');
      },
    };
    return replica;
  }

  async function startApps(smtpPort) {
    for (const app of appsToRun) {
      if (!existsSync(path.join(settings.root, mainOf(app))))
        throw new PlatformError(`${mainOf(app)} is missing: build first (npm run build)`);
    }
    const order = [...appsToRun.filter((app) => app.name !== 'gateway'), ...appsToRun.filter((app) => app.name === 'gateway')];
    // the first replica of an app takes its own port (the gateway's goes to the load balancer when there are several)
    const ownPort = (app) => !(app.name === 'gateway' && gatewaysBalanced());
    const spare = await freePorts(order.reduce((sum, app) => sum + replicasOf(app) - (ownPort(app) ? 1 : 0), 0));
    for (const app of order) {
      for (let index = 0; index < replicasOf(app); index += 1) {
        const port = index === 0 && ownPort(app) ? portOf(app) : spare.shift();
        const replica = createReplica(app, index, port, smtpPort);
        replica.spawn();
        running.push(replica);
      }
    }
    if (gatewaysBalanced()) {
      const gateways = running.filter((replica) => replica.app === 'gateway');
      loadBalancer = await startLoadBalancer({
        port: settings.ports.gateway,
        targets: () => gateways.filter((replica) => replica.alive).map((replica) => replica.port),
      });
      platform.loadBalancer = loadBalancer;
      output.line(
        'gateway',
        `load balancer on :${settings.ports.gateway} → gateways on ${gateways.map((replica) => `:${replica.port}`).join(', ')} (round robin, websocket only)`,
      );
    }
    await Promise.all(running.map((replica) => replica.waitReady()));
  }

  async function serveWeb() {
    const dist = path.join(settings.root, 'apps', 'web', 'dist');
    if (!existsSync(path.join(dist, 'index.html'))) {
      output.line('web', 'apps/web/dist does not exist (no web app built yet): the API runs without it');
      return false;
    }
    // The web app reads its API origin from /config.js (apps/web/public/config.js): point it at this
    // gateway, or at the load balancer in front of several (the web app's socket is websocket only).
    const config = `window.ATRIUM_CONFIG = { apiUrl: location.protocol + '//' + location.hostname + ':${settings.ports.gateway}' };\n`;
    const server = await startStaticServer({ root: dist, port: settings.ports.web, generated: { '/config.js': config } });
    cleanups.push(() => server.stop());
    return true;
  }

  async function dropDatabase() {
    const url = new URL(ownerUrl);
    url.pathname = '/postgres';
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      await client.query(`drop database if exists "${settings.postgres.database.replace(/"/g, '""')}" with (force)`);
    } finally {
      await client.end();
    }
  }

  /** A throwaway platform's JetStream streams (those of its own subject prefix) go with its database. */
  async function deleteStreamsOf(prefix) {
    const { connect } = await import('@nats-io/transport-node');
    const { jetstreamManager } = await import('@nats-io/jetstream');
    const connection = await connect({ servers: settings.natsUrl });
    try {
      const manager = await jetstreamManager(connection);
      for await (const stream of manager.streams.list()) {
        if (stream.config.subjects?.every((subject) => subject.startsWith(prefix))) await manager.streams.delete(stream.config.name);
      }
    } finally {
      await connection.close();
    }
  }

  const platform = {
    settings,
    /** `multi` or `single` (every service and the gateway in one process, `processes('single')`). */
    mode: settings.mode,
    urls: { web, api, docs: `${api}/docs` },
    ports: settings.ports,
    databaseUrls: { owner: ownerUrl, app: appUrl },
    mails,
    webServed: false,
    /** The load balancer in front of the gateways, when there are several (else null). */
    loadBalancer: null,

    /** The processes of one app (its replicas, in order), or of every app. */
    processes(name) {
      return name === undefined ? [...running] : running.filter((replica) => replica.app === name);
    },

    async start() {
      if (started) throw new PlatformError('already started');
      started = true;
      await checkInfrastructure();
      await checkPortsFree();
      checkStopped();
      await ensurePostgres();
      checkStopped();
      if (settings.build) await build();
      checkStopped();
      await migrate();
      checkStopped();
      const mail = await startMailCatcher({ port: settings.ports.smtp, onMail: receiveMail });
      cleanups.push(() => mail.stop());
      platform.ports = { ...settings.ports, smtp: mail.port };
      checkStopped();
      await startApps(mail.port);
      checkStopped();
      platform.webServed = settings.web ? await serveWeb() : false;
      return platform;
    },

    /** The first mail to `to` (already caught, or the next one). */
    waitForMail(to, timeoutMs = 10_000) {
      const address = to.toLowerCase();
      const caught = mails.find((mail) => mail.to.includes(address));
      if (caught) return Promise.resolve(caught);
      return new Promise((resolve, reject) => {
        const waiter = {
          to: address,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          mailWaiters.splice(mailWaiters.indexOf(waiter), 1);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        mailWaiters.push(waiter);
      });
    },

    /** Stops the apps (gateway first), the servers, then the embedded PostgreSQL. Safe to call twice. */
    stop() {
      stopping ??= (async () => {
        if (stepChild) signalGroup(stepChild, 'SIGTERM');
        const gateways = running.filter((replica) => replica.app === 'gateway');
        const others = running.filter((replica) => replica.app !== 'gateway');
        await Promise.all(gateways.map((replica) => replica.stop()));
        await loadBalancer?.stop();
        await Promise.all(others.map((replica) => replica.stop()));
        for (const cleanup of cleanups.reverse()) {
          await cleanup().catch((error) => output.line('stop', error instanceof Error ? error.message : String(error)));
        }
      })();
      return stopping;
    },

    /** Last resort on process exit: kill whatever still runs (synchronous). */
    killNow() {
      if (stepChild) signalGroup(stepChild, 'SIGKILL');
      for (const replica of running) replica.killNow();
    },
  };
  return platform;
}

/** Creates and starts the platform; on failure stops what had started and rethrows. */
export async function startPlatform(options = {}) {
  const platform = createPlatform(options);
  try {
    await platform.start();
  } catch (error) {
    await platform.stop();
    throw withStepOutput(error);
  }
  return platform;
}

/**
 * A failed step (a migration) keeps what it printed in `error.output`, which `npm start` prints
 * but a test runner does not: the caller of startPlatform gets it in the message.
 */
function withStepOutput(error) {
  if (!(error instanceof Error) || !error.output) return error;
  return new PlatformError(`${error.message}; its output:\n${error.output}`, error.output);
}
