import { integer, jsonb, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { tenantIsolationPolicy, timestamps } from '@atrium/database';
import type { FlowContact, FlowEdge, FlowNode, FlowRunState } from '@atrium/contracts';
import { aiDb } from './ai-db.js';

/** The planner's types live with it in libs/contracts (ai/flow-plan.ts, shared with the web editor's test panel). */
export type { FlowContact, FlowRunState };

/** Flows (issue 27): the draft graph an admin edits; `version` is the latest published version (null before the first publish). */
export const flows = aiDb
  .table(
    'flows',
    {
      id: serial('id').primaryKey(),
      companyId: integer('company_id').notNull(),
      name: varchar('name', { length: 100 }).notNull(),
      nodes: jsonb('nodes').$type<FlowNode[]>().notNull().default([]),
      edges: jsonb('edges').$type<FlowEdge[]>().notNull().default([]),
      version: integer('version'),
      publishedAt: timestamp('published_at', { withTimezone: true }),
      ...timestamps(),
    },
    () => [tenantIsolationPolicy()],
  )
  .enableRLS();

/** The published versions of a flow, never changed once written: a conversation runs the version it started on. */
export const flowVersions = aiDb
  .table(
    'flow_versions',
    {
      id: serial('id').primaryKey(),
      companyId: integer('company_id').notNull(),
      flowId: integer('flow_id')
        .notNull()
        .references(() => flows.id, { onDelete: 'cascade' }),
      version: integer('version').notNull(),
      nodes: jsonb('nodes').$type<FlowNode[]>().notNull(),
      edges: jsonb('edges').$type<FlowEdge[]>().notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [uniqueIndex('flow_versions_flow_version_unique').on(t.companyId, t.flowId, t.version), tenantIsolationPolicy()],
  )
  .enableRLS();

export type FlowRunStatus = 'active' | 'ended' | 'handed' | 'stopped';

/**
 * A ticket's place in a flow (one row per ticket): the flow and version it runs, and the state the
 * planner walks (current node, variables, kept messages, step). `step` only grows on a ticket: it
 * keys the walk's sends (tickets applies a step once) and its timers.
 */
export const flowRuns = aiDb
  .table(
    'flow_runs',
    {
      id: serial('id').primaryKey(),
      companyId: integer('company_id').notNull(),
      ticketId: integer('ticket_id').notNull(),
      flowId: integer('flow_id').notNull(),
      version: integer('version').notNull(),
      state: jsonb('state').$type<FlowRunState>().notNull(),
      /** The customer and protocol the texts name (kept for walks a timer starts). */
      contact: jsonb('contact').$type<FlowContact>().notNull(),
      status: varchar('status', { length: 10 }).$type<FlowRunStatus>().notNull().default('active'),
      ...timestamps(),
    },
    (t) => [uniqueIndex('flow_runs_ticket_unique').on(t.companyId, t.ticketId), tenantIsolationPolicy()],
  )
  .enableRLS();

/** Per node of a flow version: conversations that entered it, left it for the next node, or stopped there (dropped). */
export const flowNodeStats = aiDb
  .table(
    'flow_node_stats',
    {
      id: serial('id').primaryKey(),
      companyId: integer('company_id').notNull(),
      flowId: integer('flow_id').notNull(),
      version: integer('version').notNull(),
      nodeId: varchar('node_id', { length: 100 }).notNull(),
      entered: integer('entered').notNull().default(0),
      left: integer('left').notNull().default(0),
      dropped: integer('dropped').notNull().default(0),
      /** Which of the node's counter rows (FLOW_STAT_STRIPES): conversations count on rows of their own, so they do not queue on one. */
      stripe: smallint('stripe').notNull().default(0),
    },
    (t) => [uniqueIndex('flow_node_stats_node_unique').on(t.companyId, t.flowId, t.version, t.nodeId, t.stripe), tenantIsolationPolicy()],
  )
  .enableRLS();
