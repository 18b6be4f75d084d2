-- Custom SQL migration file, put your code below! --
-- Issue 15 dashboard: tickets.ticket_timelines records each ticket's service timeline as it
-- happens. These triggers write it in the transaction of every change to a ticket or a new
-- message, whoever the writer is (the service, inbound, the chatbot, scripts, seeds).
-- drizzle-kit does not model functions or triggers: this file is written by hand (generated
-- empty with `drizzle-kit generate --custom`); a change to them is a new migration.
--
-- The instant of a change is the ticket's new updated_at when the writer set it, else now().
-- queued: the ticket's creation; accepted: the first time it is open with an agent; first reply:
-- the first message from the company's side once accepted; resolved: the last move to closed
-- (a reopen clears it). A lead is a contact's first ticket.

CREATE FUNCTION "tickets"."ticket_timelines_created"() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint

CREATE FUNCTION "tickets"."ticket_timelines_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint

CREATE FUNCTION "tickets"."ticket_timelines_replied"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tickets.ticket_timelines SET first_reply_at = NEW.created_at
  WHERE ticket_id = NEW.ticket_id AND first_reply_at IS NULL AND accepted_at IS NOT NULL AND accepted_at <= NEW.created_at;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE TRIGGER "ticket_timelines_created" AFTER INSERT ON "tickets"."tickets"
  FOR EACH ROW EXECUTE FUNCTION "tickets"."ticket_timelines_created"();
--> statement-breakpoint

CREATE TRIGGER "ticket_timelines_changed" AFTER UPDATE OF status, user_id, queue_id ON "tickets"."tickets"
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.queue_id IS DISTINCT FROM NEW.queue_id)
  EXECUTE FUNCTION "tickets"."ticket_timelines_changed"();
--> statement-breakpoint

CREATE TRIGGER "ticket_timelines_replied" AFTER INSERT ON "tickets"."messages"
  FOR EACH ROW WHEN (NEW.from_me)
  EXECUTE FUNCTION "tickets"."ticket_timelines_replied"();
--> statement-breakpoint

-- tickets from before the timeline: their status and queue, queued at their creation, resolved at
-- their last update when closed (accept and first-reply instants were never recorded)
INSERT INTO tickets.ticket_timelines (ticket_id, company_id, status, user_id, queue_id, first_of_contact, queued_at, resolved_at)
SELECT t.id, t.company_id, t.status, t.user_id, t.queue_id,
       NOT EXISTS (SELECT 1 FROM tickets.tickets p WHERE p.contact_id = t.contact_id AND p.id < t.id),
       t.created_at, CASE WHEN t.status = 'closed' THEN t.updated_at END
FROM tickets.tickets t;
