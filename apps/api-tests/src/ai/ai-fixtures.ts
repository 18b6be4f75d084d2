import type { FlowView, WhatsappView } from '@atrium/contracts';
import { eventually } from '../nats-fixtures.js';
import { connectSandboxNumber, type SessionsStack } from '../sessions/sessions-fixtures.js';
import { socketOf } from '../socket-client.js';
import type { Tenant } from '../tenants.js';
import { ownerQuery } from '../tickets/tickets-fixtures.js';

/** A sandbox number connected for the tenant, through the admin's socket (its QR and status events). */
async function connectNumber(env: SessionsStack, tenant: Tenant, number: string): Promise<WhatsappView> {
  const socket = await socketOf(env.stack, tenant.admin);
  try {
    return await connectSandboxNumber(env, tenant.admin, socket, tenant.companyId, number);
  } finally {
    socket.close();
  }
}

/**
 * A sandbox number connected for the tenant with `queueId` as its only queue, returned once the
 * tickets service's read model has the queue (so the next customer message is handed to that
 * queue's bot).
 */
export async function connectNumberToQueue(env: SessionsStack, tenant: Tenant, queueId: number, number: string): Promise<WhatsappView> {
  const connection = await connectNumber(env, tenant, number);
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

/**
 * A flow drawn, published (version 1) and attached to a sandbox number connected for the tenant,
 * returned once the tickets service's read model names the flow on that number (so the next
 * customer message walks it).
 */
export async function publishFlowOnNumber(
  env: SessionsStack,
  tenant: Tenant,
  number: string,
  draft: { name: string; nodes: unknown[]; edges: unknown[] },
): Promise<FlowView> {
  const connection = await connectNumber(env, tenant, number);
  const flow = (await tenant.admin.post<FlowView>('/flows', { name: draft.name })).body;
  expect((await tenant.admin.put(`/flows/${flow.id}`, draft)).status).toBe(200);
  expect((await tenant.admin.post(`/flows/${flow.id}/publish`, {})).body).toEqual({ version: 1 });
  expect((await tenant.admin.put(`/whatsapp/${connection.id}`, { queueIds: [], flowId: flow.id })).status).toBe(200);
  await eventually(async () => {
    const [row] = await ownerQuery<{ flow_id: number | null }>(
      env.stack,
      "select (automation->>'flowId')::int as flow_id from tickets.whatsapp_refs where id = $1",
      [connection.id],
    );
    return row?.flow_id === flow.id;
  }, 10_000);
  return flow;
}
