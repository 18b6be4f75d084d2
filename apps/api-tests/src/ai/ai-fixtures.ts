import type { WhatsappView } from '@atrium/contracts';
import { eventually } from '../nats-fixtures.js';
import { connectSandboxNumber, type SessionsStack } from '../sessions/sessions-fixtures.js';
import { socketOf } from '../socket-client.js';
import type { Tenant } from '../tenants.js';
import { ownerQuery } from '../tickets/tickets-fixtures.js';

/**
 * A sandbox number connected for the tenant with `queueId` as its only queue, returned once the
 * tickets service's read model has the queue (so the next customer message is handed to that
 * queue's bot).
 */
export async function connectNumberToQueue(env: SessionsStack, tenant: Tenant, queueId: number, number: string): Promise<WhatsappView> {
  const socket = await socketOf(env.stack, tenant.admin);
  let connection: WhatsappView;
  try {
    connection = await connectSandboxNumber(env, tenant.admin, socket, tenant.companyId, number);
  } finally {
    socket.close();
  }
  expect((await tenant.admin.put(`/whatsapp/${connection.id}`, { queueIds: [queueId] })).status).toBe(200);
  await eventually(
    async () =>
      (
        await ownerQuery<{ queue_ids: number[] }>(env.stack, 'select queue_ids from tickets.whatsapp_refs where id = $1', [connection.id])
      )[0]?.queue_ids?.[0] === queueId,
  );
  return connection;
}

/**
 * A sandbox number connected for the tenant without queues, whose connection itself names the
 * bot (`integrationId`), returned once the tickets service's read model has it (so the first
 * customer message, before any queue, is handed to that bot).
 */
export async function connectNumberWithIntegration(
  env: SessionsStack,
  tenant: Tenant,
  integrationId: number,
  number: string,
): Promise<WhatsappView> {
  const socket = await socketOf(env.stack, tenant.admin);
  let connection: WhatsappView;
  try {
    connection = await connectSandboxNumber(env, tenant.admin, socket, tenant.companyId, number, `Sandbox ${number.slice(-4)}`);
  } finally {
    socket.close();
  }
  expect((await tenant.admin.put(`/whatsapp/${connection.id}`, { queueIds: [], integrationId })).status).toBe(200);
  await eventually(
    async () =>
      (
        await ownerQuery<{ integration_id: number | null }>(
          env.stack,
          "select (automation->>'integrationId')::int as integration_id from tickets.whatsapp_refs where id = $1",
          [connection.id],
        )
      )[0]?.integration_id === integrationId,
  );
  return connection;
}
