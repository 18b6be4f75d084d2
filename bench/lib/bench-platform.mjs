import { freePorts, startPlatform } from '../../tools/platform.mjs';

/**
 * The platform a benchmark measures: the named apps (built beforehand), the gateway and a mail
 * catcher on free ports, a fresh database dropped on stop, NATS subjects and Redis keys of this
 * process only, the wa-sandbox scanning QR codes by itself. `env` adds to or overrides that;
 * `replicas` runs more processes of an app (`{ tickets: 2 }`, tools/platform.mjs).
 */
export async function startBenchPlatform({ apps, env = {}, tag = String(process.pid), replicas = {} }) {
  const names = ['gateway', ...apps, 'smtp'];
  const free = await freePorts(names.length);
  const ports = Object.fromEntries(names.map((name, index) => [name, free[index]]));
  const platform = await startPlatform({
    build: false,
    web: false,
    apps,
    database: `atrium_bench_${tag}`,
    replicas,
    dropDatabaseOnStop: true,
    ports,
    env: {
      LOG_LEVEL: 'warn',
      NATS_SUBJECT_PREFIX: `bench${tag}.`,
      REDIS_PREFIX: `bench:${tag}:`,
      BAILEYS_ENABLED: 'false',
      SANDBOX_AUTO_SCAN_MS: '200',
      SANDBOX_ACK_DELAY_MS: '100',
      SANDBOX_DEMO: 'false',
      ...env,
    },
    log: () => {},
  });
  return { platform, sandboxUrl: `http://127.0.0.1:${ports['wa-sandbox']}`, database: `atrium_bench_${tag}` };
}
