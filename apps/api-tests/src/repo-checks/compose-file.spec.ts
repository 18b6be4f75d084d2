import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { ConfigError, loadConfig } from '@atrium/config';
import { GatewayConfig } from '@atrium/app-gateway';
import { SERVICE_CATALOG, serviceEnvironment, SingleConfig } from '@atrium/app-single';
import { REPO_ROOT } from '@atrium/testing';

/**
 * deploy/compose/compose.yaml, the single-host deployment of the single-process mode, read as
 * `docker compose` reads it (no Docker engine on these machines): each service's image, ports,
 * health check and volumes, and the environment the apps get once `.env.example`'s values are
 * filled in, which every service's own config class must accept in production.
 */

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  restart?: string;
}
interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
}

const composeDir = path.join(REPO_ROOT, 'deploy', 'compose');
const composeText = readFileSync(path.join(composeDir, 'compose.yaml'), 'utf8');
const compose = parse(composeText) as ComposeFile;

/** `.env`-style lines: NAME=value (the rest of the line, as docker compose reads it). */
function readEnvFile(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split('\n')
      .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

const INTERPOLATION = /\$\{([A-Z][A-Z0-9_]*)(?:(:?[-?])([^}]*))?\}/g;

/** Compose's interpolation: `${X}`, `${X:-default}`, `${X:?error}` (missing or empty is an error). */
function interpolate(value: string, variables: Record<string, string>): string {
  return value.replace(INTERPOLATION, (_whole, name: string, operator: string | undefined, argument: string | undefined) => {
    const given = variables[name];
    if (operator === ':?' && !given) throw new Error(`${name}: ${argument}`);
    if (operator === ':-' && !given) return argument ?? '';
    return given ?? '';
  });
}

const example = readEnvFile(readFileSync(path.join(composeDir, '.env.example'), 'utf8'));
const environmentOf = (service: string, variables = example): Record<string, string> =>
  Object.fromEntries(
    Object.entries(compose.services[service]?.environment ?? {}).map(([name, value]) => [name, interpolate(String(value), variables)]),
  );

/** Every config problem of the composed services and the gateway with this environment. */
function configProblems(env: Record<string, string>): string[] {
  const classes: (readonly [string, new () => object])[] = [
    ...SERVICE_CATALOG.map((service) => [service.name, service.config] as const),
    ['gateway', GatewayConfig] as const,
    ['single', SingleConfig] as const,
  ];
  return classes.flatMap(([name, configClass]) => {
    try {
      loadConfig(configClass, serviceEnvironment(name, env));
      return [];
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      return error.problems.map((problem) => `${name}: ${problem}`);
    }
  });
}

describe('deploy/compose/compose.yaml', () => {
  const services = compose.services;

  it('runs PostgreSQL, Redis, NATS, the single Atrium process and the web app', () => {
    expect(Object.keys(services).sort()).toEqual(['atrium', 'nats', 'postgres', 'redis', 'web']);
  });

  it.each(['postgres', 'redis', 'nats'])(
    '%s: a pinned official image, its data on a named volume, a health check, no published port',
    (name) => {
      const service = services[name]!;
      expect(service.image).toMatch(/^(postgres|redis|nats):\d+(\.\d+)*-alpine$/);
      expect(service.ports).toBeUndefined();
      expect(service.healthcheck?.test.length).toBeGreaterThan(1);
      expect(service.restart).toBe('unless-stopped');
      const [volume] = service.volumes ?? [];
      expect(Object.keys(compose.volumes)).toContain(volume!.split(':')[0]);
    },
  );

  it('NATS has JetStream on its volume, and its health check requires it', () => {
    const nats = services.nats!;
    expect(nats.command).toEqual(expect.arrayContaining(['--jetstream', '--store_dir', '/data']));
    expect(nats.healthcheck!.test.join(' ')).toContain('js-enabled-only=true');
  });

  it('Atrium: its image built from docker/single.Dockerfile, in single mode, started once its servers are healthy', () => {
    const atrium = services.atrium!;
    expect(atrium.image).toMatch(/\/single:/);
    expect(existsSync(path.join(composeDir, atrium.build!.context, atrium.build!.dockerfile))).toBe(true);
    expect(readFileSync(path.join(composeDir, atrium.build!.context, atrium.build!.dockerfile), 'utf8')).toContain(
      'CMD ["node", "apps/single/dist/main.js"]',
    );
    expect(atrium.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
      nats: { condition: 'service_healthy' },
    });
    expect(environmentOf('atrium')).toMatchObject({ ATRIUM_MODE: 'single', NODE_ENV: 'production' });
  });

  it('Atrium: publishes the API port it listens on, is healthy when /health/ready answers there, keeps media on a volume', () => {
    const atrium = services.atrium!;
    const env = environmentOf('atrium');
    expect(atrium.ports!.map((port) => interpolate(port, example))).toEqual([`${example.ATRIUM_API_PORT}:${env.PORT}`]);
    expect(atrium.healthcheck!.test.join(' ')).toContain(`http://127.0.0.1:${env.PORT}/health/ready`);
    expect(atrium.volumes).toEqual(['media:/data']);
    expect(env.STORAGE_DIR!.startsWith('/data/')).toBe(true);
  });

  it('Atrium: reaches each server by its service name and port, as the runtime role and as the owner', () => {
    const env = environmentOf('atrium');
    const database = new URL(env.DATABASE_URL!);
    const owner = new URL(env.DATABASE_MIGRATION_URL!);
    expect([database.hostname, database.port, database.username, database.pathname]).toEqual(['postgres', '5432', 'atrium_app', '/atrium']);
    expect([owner.hostname, owner.username, owner.password]).toEqual(['postgres', 'postgres', example.POSTGRES_PASSWORD]);
    expect(database.password).toBe(example.DATABASE_APP_PASSWORD);
    expect(env.REDIS_URL).toBe('redis://redis:6379');
    expect(env.NATS_URL).toBe('nats://nats:4222');
    // the runtime role is created with that password on PostgreSQL's first start
    const init = readFileSync(path.join(composeDir, 'postgres-init', '01-app-role.sh'), 'utf8');
    expect(init).toContain('CREATE ROLE atrium_app LOGIN NOSUPERUSER NOBYPASSRLS');
    expect(environmentOf('postgres').ATRIUM_APP_PASSWORD).toBe(example.DATABASE_APP_PASSWORD);
  });

  it('every service and the gateway accept the environment in production (each required variable and secret set, no development default)', () => {
    expect(configProblems(environmentOf('atrium'))).toEqual([]);
  });

  it('the config check fails where the compose file would leave a secret at its development default (the check can fail)', () => {
    const withDefault = { ...environmentOf('atrium') };
    delete withDefault.JWT_SECRET;
    delete withDefault.ADMIN_PASSWORD;
    expect(configProblems(withDefault)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^identity: JWT_SECRET/),
        expect.stringMatching(/^gateway: JWT_SECRET/),
        expect.stringMatching(/^identity: ADMIN_PASSWORD/),
      ]),
    );
  });

  it('.env.example names every variable the compose file requires, and only variables it uses', () => {
    const used = new Set([...composeText.matchAll(INTERPOLATION)].map((match) => match[1]!));
    const required = new Set([...composeText.matchAll(INTERPOLATION)].filter((match) => match[2] === ':?').map((match) => match[1]!));
    expect([...required].filter((name) => !example[name])).toEqual([]);
    expect(Object.keys(example).filter((name) => !used.has(name))).toEqual([]);
    expect(() => environmentOf('atrium', { ...example, JWT_SECRET: '' })).toThrow(/JWT_SECRET: set JWT_SECRET in .env/);
  });

  it('the web app: nginx image from docker/web.Dockerfile, the API origin set, published, healthy, after Atrium', () => {
    const web = services.web!;
    expect(web.image).toMatch(/\/web:/);
    expect(web.build!.dockerfile).toBe('docker/web.Dockerfile');
    expect(existsSync(path.join(composeDir, web.build!.context, web.build!.dockerfile))).toBe(true);
    expect(environmentOf('web').ATRIUM_API_URL).toBe(example.ATRIUM_API_URL);
    expect(web.ports!.map((port) => interpolate(port, example))).toEqual([`${example.ATRIUM_WEB_PORT}:8080`]);
    expect(web.healthcheck!.test.join(' ')).toContain('http://127.0.0.1:8080/');
    expect(web.depends_on).toEqual({ atrium: { condition: 'service_healthy' } });
    // the browser's origin is the one the API lets in (CORS, the refresh cookie)
    expect(environmentOf('atrium').WEB_ORIGINS).toBe(example.ATRIUM_WEB_URL);
  });
});
