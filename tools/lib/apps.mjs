/**
 * Every app `npm start` runs, in start order. One list: an app added later (wa-sandbox on 8090
 * arrives with its own issue) is one more line here, and the Helm values and Dockerfiles follow
 * the same names.
 *
 * - `port`: the default port its HTTP server (API or /health) listens on.
 * - `portEnv`: the variable that sets it (PORT for the gateway, HEALTH_PORT for services).
 * - `migrates`: whether `node dist/main.js migrate` applies database migrations for it.
 * - `readyPath`: answered with 200 once the app can serve (default /health/ready).
 * - `replicable`: may run in several processes at once (`--replicas`); the sandboxes keep their
 *   state in memory and run once.
 * - `replicaIdEnv`: the variable naming a replica where the app keeps one (sessions' leases).
 *
 * An app without apps/<name>/src/main.ts (not written yet) is skipped.
 */
export const APPS = [
  { name: 'identity', port: 8081, portEnv: 'HEALTH_PORT', migrates: true, replicable: true },
  { name: 'tickets', port: 8082, portEnv: 'HEALTH_PORT', migrates: true, replicable: true },
  { name: 'sessions', port: 8083, portEnv: 'HEALTH_PORT', migrates: true, replicable: true, replicaIdEnv: 'SESSIONS_REPLICA_ID' },
  { name: 'campaigns', port: 8084, portEnv: 'HEALTH_PORT', migrates: true, replicable: true },
  { name: 'billing', port: 8085, portEnv: 'HEALTH_PORT', migrates: true, replicable: true },
  { name: 'ai', port: 8086, portEnv: 'HEALTH_PORT', migrates: true, replicable: true },
  { name: 'gateway', port: 8080, portEnv: 'PORT', migrates: false, replicable: true },
  { name: 'wa-sandbox', port: 8090, portEnv: 'PORT', migrates: false, readyPath: '/health' },
  { name: 'stripe-sandbox', port: 8091, portEnv: 'PORT', migrates: false, readyPath: '/health' },
  { name: 'openai-sandbox', port: 8092, portEnv: 'PORT', migrates: false, readyPath: '/health' },
  { name: 'bot-providers-sandbox', port: 8093, portEnv: 'PORT', migrates: false, readyPath: '/health' },
  { name: 'meta-sandbox', port: 8094, portEnv: 'PORT', migrates: false, readyPath: '/health' },
  { name: 'oidc-sandbox', port: 8095, portEnv: 'PORT', migrates: false, readyPath: '/health' },
];

/** Ports of the pieces that are not apps. */
export const DEFAULT_PORTS = { web: 3000, smtp: 1025 };

/**
 * `npm start -- --single` (or ATRIUM_MODE=single): the apps named in `composes` run as this one
 * process (apps/single), the API on the gateway's port, each service's health on its own port as
 * before; the sandboxes stay processes of their own. Not in APPS: it is those apps, not another.
 */
export const SINGLE_APP = {
  name: 'single',
  port: 8080,
  portEnv: 'PORT',
  migrates: true,
  readyPath: '/health/ready',
  composes: ['identity', 'tickets', 'sessions', 'campaigns', 'billing', 'ai', 'gateway'],
};

/** The modes `npm start` runs the backend in. */
export const MODES = ['multi', 'single'];
