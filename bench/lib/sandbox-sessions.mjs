import { sleep } from './timing.mjs';

/**
 * Adds `count` sandbox connections of `companyId` as rows with free leases, which the sessions
 * replicas claim on their next sweeps, and waits until every one is CONNECTED (polling every
 * `pollMs`, failing after `timeoutMs`). Answers their ids and how long connecting took (ms).
 */
export async function connectSandboxSessions(db, companyId, count, { timeoutMs, pollMs }) {
  const began = Date.now();
  const ids = (
    await db.query(
      `insert into sessions.whatsapps (company_id, name, provider, status)
       select $1, 'bench ' || n, 'sandbox', 'OPENING' from generate_series(1, $2) n returning id`,
      [companyId, count],
    )
  ).rows.map((row) => row.id);
  await db.query(`insert into sessions.session_leases (whatsapp_id, company_id) select unnest($1::int[]), $2`, [ids, companyId]);
  for (;;) {
    const { rows } = await db.query("select count(*)::int as n from sessions.whatsapps where status = 'CONNECTED'");
    if (rows[0].n === count) break;
    if (Date.now() - began > timeoutMs) throw new Error(`only ${rows[0].n} of ${count} sessions connected`);
    await sleep(pollMs);
  }
  return { ids, connectedIn: Date.now() - began };
}

/**
 * Polls GET /whatsapp with `call` (json-call.mjs) until every connection of `ids` is CONNECTED with
 * its number (a minute at most); answers those connections.
 */
export async function waitUntilConnected(call, token, ids) {
  for (let tries = 0; ; tries += 1) {
    if (tries > 300) throw new Error('connections did not connect');
    await sleep(200);
    const connected = (await call('GET', '/whatsapp', undefined, token)).filter(
      (w) => ids.includes(w.id) && w.status === 'CONNECTED' && w.number,
    );
    if (connected.length >= ids.length) return connected;
  }
}
