/**
 * The tickets schema's database functions and triggers, as they are now: each declared with the
 * CREATE statement that makes it so (drizzle-kit does not model them). Migrations come from here:
 * `npx nx run tickets:db-generate` (tools/db-routines.mjs) writes a migration for every routine
 * declared differently from what the migrations left, and
 * apps/api-tests/src/repo-checks/db-routines.int-spec.ts fails while they differ, or while a
 * migration creates a routine declared nowhere here. Change a routine here, never in a migration.
 */

/** A database function or trigger and the statement that creates it as it is now. */
export interface DatabaseRoutine {
  kind: 'function' | 'trigger';
  name: string;
  /** `CREATE OR REPLACE FUNCTION …` or `CREATE [CONSTRAINT] TRIGGER …`, as a migration runs it. */
  create: string;
}

function dbFunction(name: string, create: string): DatabaseRoutine {
  return { kind: 'function', name, create: create.trim() };
}

function dbTrigger(name: string, create: string): DatabaseRoutine {
  return { kind: 'trigger', name, create: create.trim() };
}

// ADR 005: tickets.ticket_texts holds what each ticket's messages say, lowercased, in rows of about
// 2 kB, for the ticket list's text search. These keep it equal to the messages for every writer
// (the service, scripts, seeds): added messages are appended to their ticket's last row (or start
// a new one), an edited or deleted message rebuilds its ticket's rows.

/**
 * A ticket's rows from its messages' bodies: locked, deleted, then written anew by a later
 * statement (whose snapshot sees what a writer that held the rows committed meanwhile).
 */
export const ticketTextsRebuild = dbFunction(
  'ticket_texts_rebuild',
  String.raw`
CREATE OR REPLACE FUNCTION "tickets"."ticket_texts_rebuild"(ticket_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM tickets.ticket_texts WHERE ticket_id = ANY (ticket_ids) ORDER BY id FOR UPDATE;
  DELETE FROM tickets.ticket_texts WHERE ticket_id = ANY (ticket_ids);
  INSERT INTO tickets.ticket_texts (company_id, ticket_id, text)
    SELECT company_id, ticket_id, string_agg(text, E'\n' ORDER BY id)
    FROM (SELECT id, company_id, ticket_id, lower(body) AS text,
                 sum(octet_length(body) + 1) OVER (PARTITION BY ticket_id ORDER BY id) / 1900 AS part
          FROM tickets.messages
          WHERE ticket_id = ANY (ticket_ids) AND body <> '') AS bodies
    GROUP BY company_id, ticket_id, part;
END $$
`,
);

/**
 * New messages (one statement's rows): their tickets are locked first, in id order, as touching
 * them does (so a transaction that changed a ticket before adding messages and one that adds
 * messages before touching the ticket wait for each other instead of deadlocking); then each
 * ticket's bodies go at the end of its last row when that stays under 1900 bytes, else in a new row.
 */
export const ticketTextsAdded = dbFunction(
  'ticket_texts_added',
  String.raw`
CREATE OR REPLACE FUNCTION "tickets"."ticket_texts_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM tickets.tickets WHERE id IN (SELECT ticket_id FROM added) ORDER BY id FOR NO KEY UPDATE;
  WITH incoming AS (
    SELECT company_id, ticket_id, string_agg(lower(body), E'\n' ORDER BY id) AS text
    FROM added WHERE body <> '' GROUP BY company_id, ticket_id
  ), latest AS (
    SELECT DISTINCT ON (t.ticket_id) t.id, t.ticket_id, octet_length(t.text) AS size
    FROM tickets.ticket_texts t WHERE t.ticket_id IN (SELECT ticket_id FROM incoming)
    ORDER BY t.ticket_id, t.id DESC
  ), appended AS (
    UPDATE tickets.ticket_texts t SET text = t.text || E'\n' || incoming.text
    FROM latest JOIN incoming USING (ticket_id)
    WHERE t.id = latest.id AND latest.size + 1 + octet_length(incoming.text) <= 1900
    RETURNING t.ticket_id
  )
  INSERT INTO tickets.ticket_texts (company_id, ticket_id, text)
    SELECT company_id, ticket_id, text FROM incoming
    WHERE ticket_id NOT IN (SELECT ticket_id FROM appended)
    ORDER BY ticket_id;
  RETURN NULL;
END $$
`,
);

export const ticketTextsChanged = dbFunction(
  'ticket_texts_changed',
  String.raw`
CREATE OR REPLACE FUNCTION "tickets"."ticket_texts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM tickets.ticket_texts_rebuild(ARRAY[OLD.ticket_id, NEW.ticket_id]);
  RETURN NULL;
END $$
`,
);

export const ticketTextsRemoved = dbFunction(
  'ticket_texts_removed',
  String.raw`
CREATE OR REPLACE FUNCTION "tickets"."ticket_texts_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM tickets.ticket_texts_rebuild(ARRAY(SELECT DISTINCT ticket_id FROM removed));
  RETURN NULL;
END $$
`,
);

export const ticketTextsAddedTrigger = dbTrigger(
  'ticket_texts_added',
  String.raw`
CREATE TRIGGER "ticket_texts_added" AFTER INSERT ON "tickets"."messages"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION tickets.ticket_texts_added()
`,
);

export const ticketTextsChangedTrigger = dbTrigger(
  'ticket_texts_changed',
  String.raw`
CREATE TRIGGER "ticket_texts_changed" AFTER UPDATE OF body, ticket_id ON "tickets"."messages"
  FOR EACH ROW WHEN (OLD.body IS DISTINCT FROM NEW.body OR OLD.ticket_id <> NEW.ticket_id)
  EXECUTE FUNCTION tickets.ticket_texts_changed()
`,
);

export const ticketTextsRemovedTrigger = dbTrigger(
  'ticket_texts_removed',
  String.raw`
CREATE TRIGGER "ticket_texts_removed" AFTER DELETE ON "tickets"."messages"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION tickets.ticket_texts_removed()
`,
);

// Issue 15 dashboard: tickets.ticket_timelines records each ticket's service timeline as it
// happens, in the transaction of every change to a ticket or a new message, whoever the writer is
// (the service, inbound, the chatbot, scripts, seeds). The instant of a change is the ticket's new
// updated_at when the writer set it, else now(). queued: the ticket's creation; accepted: the
// first time it is open with an agent; first reply: the first message from the company's side
// once accepted; resolved: the last move to closed (a reopen clears it). A lead is a contact's
// first ticket.

export const ticketTimelinesCreated = dbFunction(
  'ticket_timelines_created',
  String.raw`
CREATE OR REPLACE FUNCTION "tickets"."ticket_timelines_created"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tickets.ticket_timelines (ticket_id, company_id, status, user_id, queue_id, first_of_contact, queued_at, accepted_at, resolved_at)
  VALUES (
    NEW.id, NEW.company_id, NEW.status, NEW.user_id, NEW.queue_id,
    NOT EXISTS (SELECT 1 FROM tickets.tickets t WHERE t.contact_id = NEW.contact_id AND t.id < NEW.id),
    NEW.created_at,
    CASE WHEN NEW.status = 'open' AND NEW.user_id IS NOT NULL THEN NEW.created_at END,
    CASE WHEN NEW.status = 'closed' THEN NEW.created_at END
  );
  RETURN NULL;
END $$
`,
);

export const ticketTimelinesChanged = dbFunction(
  'ticket_timelines_changed',
  String.raw`
CREATE OR REPLACE FUNCTION "tickets"."ticket_timelines_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  at timestamptz := CASE WHEN NEW.updated_at IS DISTINCT FROM OLD.updated_at THEN NEW.updated_at ELSE now() END;
BEGIN
  UPDATE tickets.ticket_timelines SET
    status = NEW.status,
    user_id = NEW.user_id,
    queue_id = NEW.queue_id,
    accepted_at = CASE WHEN accepted_at IS NULL AND NEW.status = 'open' AND NEW.user_id IS NOT NULL THEN at ELSE accepted_at END,
    resolved_at = CASE WHEN NEW.status = 'closed' AND OLD.status <> 'closed' THEN at
                       WHEN NEW.status <> 'closed' THEN NULL
                       ELSE resolved_at END
  WHERE ticket_id = NEW.id;
  RETURN NULL;
END $$
`,
);

export const ticketTimelinesReplied = dbFunction(
  'ticket_timelines_replied',
  String.raw`
CREATE OR REPLACE FUNCTION "tickets"."ticket_timelines_replied"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tickets.ticket_timelines SET first_reply_at = NEW.created_at
  WHERE ticket_id = NEW.ticket_id AND first_reply_at IS NULL AND accepted_at IS NOT NULL AND accepted_at <= NEW.created_at;
  RETURN NULL;
END $$
`,
);

export const ticketTimelinesCreatedTrigger = dbTrigger(
  'ticket_timelines_created',
  String.raw`
CREATE TRIGGER "ticket_timelines_created" AFTER INSERT ON "tickets"."tickets"
  FOR EACH ROW EXECUTE FUNCTION "tickets"."ticket_timelines_created"()
`,
);

export const ticketTimelinesChangedTrigger = dbTrigger(
  'ticket_timelines_changed',
  String.raw`
CREATE TRIGGER "ticket_timelines_changed" AFTER UPDATE OF status, user_id, queue_id ON "tickets"."tickets"
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.queue_id IS DISTINCT FROM NEW.queue_id)
  EXECUTE FUNCTION "tickets"."ticket_timelines_changed"()
`,
);

export const ticketTimelinesRepliedTrigger = dbTrigger(
  'ticket_timelines_replied',
  String.raw`
CREATE TRIGGER "ticket_timelines_replied" AFTER INSERT ON "tickets"."messages"
  FOR EACH ROW WHEN (NEW.from_me)
  EXECUTE FUNCTION "tickets"."ticket_timelines_replied"()
`,
);

/** A stored rating (user_ratings, issue 11) reaches the ticket's timeline row, which the dashboard reads, in the same transaction. */
export const ticketTimelinesRated = dbFunction(
  'ticket_timelines_rated',
  String.raw`
CREATE OR REPLACE FUNCTION "tickets"."ticket_timelines_rated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "tickets"."ticket_timelines" SET "rating" = NEW."rate" WHERE "ticket_id" = NEW."ticket_id";
  RETURN NEW;
END
$$
`,
);

export const userRatingsToTimelinesTrigger = dbTrigger(
  'user_ratings_to_timelines',
  String.raw`
CREATE TRIGGER "user_ratings_to_timelines" AFTER INSERT OR UPDATE OF "rate" ON "tickets"."user_ratings"
  FOR EACH ROW EXECUTE FUNCTION "tickets"."ticket_timelines_rated"()
`,
);

// Issue 15, dashboard at a million tickets: tickets.dashboard_daily, the daily rollups of
// ticket_timelines, kept by a trigger on ticket_timelines (whoever the writer). An insert adds the
// row's contribution, a delete takes it off, an update does both (a transfer or reopen moves a
// ticket between an agent's / queue's figures this way). Days are calendar days of
// dashboard_calendar's time zone, which the service sets to its TIME_ZONE at boot.

/**
 * One timeline row's contribution (sign 1 or -1) to its day's queue and agent rows. The day's row
 * is updated first and inserted only when missing (the first change of that day): an insert's
 * probe of the unique index first walked, on the row changed by every new ticket, its versions not
 * vacuumed yet (issue 12, campaign delivery). Every change renumbers the row's changed_seq under
 * its lock, so the sum of a period's changed_seq grows with every change (DashboardCache's key).
 */
export const dashboardDailyAdd = dbFunction(
  'dashboard_daily_add',
  String.raw`
CREATE OR REPLACE FUNCTION "tickets"."dashboard_daily_add"(r "tickets"."ticket_timelines", sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tz text := (SELECT time_zone FROM tickets.dashboard_calendar WHERE id = 1);
  d date := (r.queued_at AT TIME ZONE tz)::date;
  support numeric := extract(epoch from r.resolved_at - coalesce(r.accepted_at, r.queued_at));
  wait numeric := extract(epoch from r.accepted_at - r.queued_at);
  first_response numeric := extract(epoch from r.first_reply_at - r.queued_at);
  k record;
  attempt integer;
BEGIN
  FOR k IN SELECT * FROM (VALUES ('q', coalesce(r.queue_id, 0)), ('u', r.user_id)) AS v(kind, ref_id) WHERE v.ref_id IS NOT NULL LOOP
    -- the day's row exists but for the first change of the day: updated at once, without the
    -- insert's probe of the unique index first (on a row changed at every ticket, that probe
    -- walked the row's versions not vacuumed yet)
    FOR attempt IN 1..2 LOOP
      UPDATE tickets.dashboard_daily SET
        tickets = tickets + sign,
        open = open + CASE WHEN r.status = 'open' THEN sign ELSE 0 END,
        pending = pending + CASE WHEN r.status = 'pending' THEN sign ELSE 0 END,
        closed = closed + CASE WHEN r.status = 'closed' THEN sign ELSE 0 END,
        leads = leads + CASE WHEN r.first_of_contact THEN sign ELSE 0 END,
        support_sum = support_sum + coalesce(support, 0) * sign,
        support_count = support_count + CASE WHEN support IS NOT NULL THEN sign ELSE 0 END,
        wait_sum = wait_sum + coalesce(wait, 0) * sign,
        wait_count = wait_count + CASE WHEN wait IS NOT NULL THEN sign ELSE 0 END,
        first_response_sum = first_response_sum + coalesce(first_response, 0) * sign,
        first_response_count = first_response_count + CASE WHEN first_response IS NOT NULL THEN sign ELSE 0 END,
        rating_sum = rating_sum + coalesce(r.rating, 0) * sign,
        rating_count = rating_count + CASE WHEN r.rating IS NOT NULL THEN sign ELSE 0 END,
        resolutions[coalesce(r.resolution_bucket, 0) + 1] = resolutions[coalesce(r.resolution_bucket, 0) + 1] + CASE WHEN r.resolution_bucket IS NOT NULL THEN sign ELSE 0 END,
        changed_seq = nextval('tickets.dashboard_daily_changes')
      WHERE company_id = r.company_id AND day = d AND kind = k.kind AND ref_id = k.ref_id;
      EXIT WHEN FOUND;
      INSERT INTO tickets.dashboard_daily (company_id, day, kind, ref_id) VALUES (r.company_id, d, k.kind, k.ref_id) ON CONFLICT DO NOTHING;
    END LOOP;
  END LOOP;
END $$
`,
);

/**
 * An update locks the rollup rows it will change in one order (day, kind, ref_id) first: two
 * transfers the opposite way between the same agents or queues then wait for each other instead
 * of deadlocking.
 */
export const dashboardDailyChanged = dbFunction(
  'dashboard_daily_changed',
  String.raw`
CREATE OR REPLACE FUNCTION "tickets"."dashboard_daily_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tz text;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    tz := (SELECT time_zone FROM tickets.dashboard_calendar WHERE id = 1);
    PERFORM 1 FROM tickets.dashboard_daily d
      JOIN (VALUES ((OLD.queued_at AT TIME ZONE tz)::date, 'q', coalesce(OLD.queue_id, 0)), ((OLD.queued_at AT TIME ZONE tz)::date, 'u', OLD.user_id),
                   ((NEW.queued_at AT TIME ZONE tz)::date, 'q', coalesce(NEW.queue_id, 0)), ((NEW.queued_at AT TIME ZONE tz)::date, 'u', NEW.user_id)) AS k(day, kind, ref_id)
        ON d.day = k.day AND d.kind = k.kind AND d.ref_id = k.ref_id
     WHERE d.company_id = NEW.company_id
     ORDER BY d.day, d.kind, d.ref_id
       FOR UPDATE OF d;
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM tickets.dashboard_daily_add(OLD, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM tickets.dashboard_daily_add(NEW, 1); END IF;
  RETURN NULL;
END $$
`,
);

/**
 * The rollups computed afresh from ticket_timelines: one company's (p_company) or every one's
 * (null). Used by the service when the time zone changed and by bulk loads that switched the
 * trigger off (bench/dashboard.mjs).
 */
export const dashboardDailyRebuild = dbFunction(
  'dashboard_daily_rebuild',
  String.raw`
CREATE OR REPLACE FUNCTION "tickets"."dashboard_daily_rebuild"(p_company integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tz text := (SELECT time_zone FROM tickets.dashboard_calendar WHERE id = 1);
BEGIN
  DELETE FROM tickets.dashboard_daily WHERE p_company IS NULL OR company_id = p_company;
  INSERT INTO tickets.dashboard_daily (company_id, day, kind, ref_id, tickets, open, pending, closed, leads, support_sum, support_count,
                                       wait_sum, wait_count, first_response_sum, first_response_count, rating_sum, rating_count, resolutions)
  WITH facts AS (
    SELECT t.company_id, (t.queued_at AT TIME ZONE tz)::date AS day, k.kind, k.ref_id, t.status, t.first_of_contact, t.rating, t.resolution_bucket,
           extract(epoch from t.resolved_at - coalesce(t.accepted_at, t.queued_at)) AS support,
           extract(epoch from t.accepted_at - t.queued_at) AS wait,
           extract(epoch from t.first_reply_at - t.queued_at) AS first_response
      FROM tickets.ticket_timelines t
      CROSS JOIN LATERAL (VALUES ('q', coalesce(t.queue_id, 0)), ('u', t.user_id)) AS k(kind, ref_id)
     WHERE k.ref_id IS NOT NULL AND (p_company IS NULL OR t.company_id = p_company)
  ), histograms AS (
    SELECT company_id, day, kind, ref_id, array_agg(resolution_bucket ORDER BY resolution_bucket) AS buckets, array_agg(n ORDER BY resolution_bucket) AS counts
      FROM (SELECT company_id, day, kind, ref_id, resolution_bucket, count(*)::int AS n FROM facts WHERE resolution_bucket IS NOT NULL GROUP BY 1, 2, 3, 4, 5) b
     GROUP BY 1, 2, 3, 4
  )
  SELECT f.company_id, f.day, f.kind, f.ref_id, count(*), count(*) FILTER (WHERE f.status = 'open'), count(*) FILTER (WHERE f.status = 'pending'),
         count(*) FILTER (WHERE f.status = 'closed'), count(*) FILTER (WHERE f.first_of_contact),
         coalesce(sum(f.support), 0), count(f.support), coalesce(sum(f.wait), 0), count(f.wait), coalesce(sum(f.first_response), 0), count(f.first_response),
         coalesce(sum(f.rating), 0), count(f.rating),
         coalesce((SELECT array_agg(coalesce(c.n, 0) ORDER BY g.b) FROM generate_series(0, 96) AS g(b) LEFT JOIN unnest(h.buckets, h.counts) AS c(b, n) ON c.b = g.b),
                  array_fill(0, array[97]))
    FROM facts f
    LEFT JOIN histograms h USING (company_id, day, kind, ref_id)
   GROUP BY f.company_id, f.day, f.kind, f.ref_id, h.buckets, h.counts;
END $$
`,
);

/**
 * Runs when its transaction commits (a deferred constraint trigger, fired in the order of the
 * changes, each with the OLD and NEW rows of its own change): the day's rollup row, which every
 * ticket of a company changes, is then locked for the trigger and the commit only, not from the
 * ticket's change to the end of its transaction (issue 12, 50 messages/s).
 */
export const dashboardDailyChangedTrigger = dbTrigger(
  'dashboard_daily_changed',
  String.raw`
CREATE CONSTRAINT TRIGGER "dashboard_daily_changed" AFTER INSERT OR UPDATE OR DELETE ON "tickets"."ticket_timelines"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "tickets"."dashboard_daily_changed"()
`,
);

/** Every routine of the tickets schema, functions before the triggers that call them. */
export const databaseRoutines: DatabaseRoutine[] = [
  ticketTextsRebuild,
  ticketTextsAdded,
  ticketTextsChanged,
  ticketTextsRemoved,
  ticketTimelinesCreated,
  ticketTimelinesChanged,
  ticketTimelinesReplied,
  ticketTimelinesRated,
  dashboardDailyAdd,
  dashboardDailyChanged,
  dashboardDailyRebuild,
  ticketTextsAddedTrigger,
  ticketTextsChangedTrigger,
  ticketTextsRemovedTrigger,
  ticketTimelinesCreatedTrigger,
  ticketTimelinesChangedTrigger,
  ticketTimelinesRepliedTrigger,
  userRatingsToTimelinesTrigger,
  dashboardDailyChangedTrigger,
];
