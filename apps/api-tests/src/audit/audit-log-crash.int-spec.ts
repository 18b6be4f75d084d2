import { execFileSync, type ChildProcess } from 'node:child_process';
import { jest } from '@jest/globals';
import type { AuditLogView, QueueView } from '@atrium/contracts';
import { deleteTestStreams, REPO_ROOT } from '@atrium/testing';
import { createPlan } from '../identity-fixtures.js';
import { eventually } from '../nats-fixtures.js';
import { killProcess, startServiceProcess } from '../service-process.js';
import { startStack, type Stack } from '../stack.js';
import { signUpTenant, superAdmin, type Tenant } from '../tenants.js';
import { aColor, ownerQuery } from '../tickets/tickets-fixtures.js';

const QUEUES = 16;

/**
 * Issue 28's proof that no change escapes the audit log: the tickets service runs as a process of
 * its own (built from this checkout) and is killed with SIGKILL as soon as the first of a burst of
 * queue creations was answered, while the others commit, wait for the company's lock, or sit in
 * its outbox. After a restart every queue that exists has exactly one `queue.created` entry:
 * the entry committed with the queue, and the next process relayed what the dead one had not.
 */
describe('audit entries of a tickets service killed right after its commits', () => {
  jest.setTimeout(240_000);
  let stack: Stack;
  let tenant: Tenant;
  let tickets: ChildProcess | undefined;

  const startTickets = (): Promise<ChildProcess> => startServiceProcess('tickets', stack.env);

  beforeAll(async () => {
    execFileSync('npx', ['nx', 'run', 'tickets:build', '--output-style=static'], { cwd: REPO_ROOT, stdio: 'ignore' });
    stack = await startStack({ services: ['identity'] });
    tickets = await startTickets();
    const plan = await createPlan(await superAdmin(stack), { queues: QUEUES + 5 });
    tenant = await signUpTenant(stack, plan.id);
  }, 300_000);
  afterAll(async () => {
    if (tickets) await killProcess(tickets);
    await stack?.stop();
    if (stack) await deleteTestStreams(stack.env);
  });

  it('has an entry for every queue that exists, none twice, after a SIGKILL in the middle of a burst of creations', async () => {
    const creations = Array.from({ length: QUEUES }, (_, i) =>
      tenant.admin.post<QueueView>('/queue', { name: `Fila ${i + 1}`, color: aColor(), greetingMessage: '' }),
    );
    // the first answer means a commit happened; the process dies at once
    await Promise.race(creations);
    await killProcess(tickets!);
    tickets = undefined;
    const answers = await Promise.all(creations);
    const answered = answers.filter((answer) => answer.status === 201).map((answer) => answer.body.id);
    expect(answered.length).toBeGreaterThan(0);
    tickets = await startTickets();

    const existing = (
      await ownerQuery<{ id: number }>(stack, 'select id from tickets.queues where company_id = $1 order by id', [tenant.companyId])
    ).map((row) => row.id);
    // every answered creation exists (the others may or may not have committed before the kill)
    expect(existing).toEqual(expect.arrayContaining(answered));
    const audited = async (): Promise<string[]> =>
      (
        await ownerQuery<{ entity_id: string }>(
          stack,
          `select entity_id from identity.audit_logs where company_id = $1 and action = 'queue.created' order by entity_id::int`,
          [tenant.companyId],
        )
      ).map((row) => row.entity_id);
    await eventually(async () => (await audited()).length >= existing.length, 60_000, 200);
    expect(await audited()).toEqual(existing.map(String));
    // and the page shows them
    const page = await tenant.admin.get<{ auditLogs: AuditLogView[]; count: number }>('/audit-logs?action=queue.created');
    expect(page.body.count).toBe(existing.length);
  });
});
