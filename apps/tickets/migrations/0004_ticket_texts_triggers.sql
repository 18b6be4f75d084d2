-- Custom SQL migration file, put your code below! --
-- ADR 005: tickets.ticket_texts holds what each ticket's messages say, lowercased, in rows of
-- about 2 kB, for the ticket list's text search. These triggers keep it equal to the messages
-- for every writer (the service, scripts, seeds): added messages are appended to their ticket's
-- last row (or start a new one), an edited or deleted message rebuilds its ticket's rows.
-- drizzle-kit does not model functions or triggers: this file is written by hand (generated
-- empty with `drizzle-kit generate --custom`); a change to them is a new migration.

-- A ticket's rows from its messages' bodies: locked, deleted, then written anew by a later
-- statement (whose snapshot sees what a writer that held the rows committed meanwhile).
CREATE FUNCTION "tickets"."ticket_texts_rebuild"(ticket_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint

-- New messages (one statement's rows): their tickets are locked first, in id order, as touching
-- them does (so a transaction that changed a ticket before adding messages and one that adds
-- messages before touching the ticket wait for each other instead of deadlocking); then each
-- ticket's bodies go at the end of its last row when that stays under 1900 bytes, else in a new row.
CREATE FUNCTION "tickets"."ticket_texts_added"() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint

CREATE FUNCTION "tickets"."ticket_texts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM tickets.ticket_texts_rebuild(ARRAY[OLD.ticket_id, NEW.ticket_id]);
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE FUNCTION "tickets"."ticket_texts_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM tickets.ticket_texts_rebuild(ARRAY(SELECT DISTINCT ticket_id FROM removed));
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE TRIGGER "ticket_texts_added" AFTER INSERT ON "tickets"."messages"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION tickets.ticket_texts_added();
--> statement-breakpoint
CREATE TRIGGER "ticket_texts_changed" AFTER UPDATE OF body, ticket_id ON "tickets"."messages"
  FOR EACH ROW WHEN (OLD.body IS DISTINCT FROM NEW.body OR OLD.ticket_id <> NEW.ticket_id)
  EXECUTE FUNCTION tickets.ticket_texts_changed();
--> statement-breakpoint
CREATE TRIGGER "ticket_texts_removed" AFTER DELETE ON "tickets"."messages"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION tickets.ticket_texts_removed();
--> statement-breakpoint

-- The messages stored before this migration (about 30 s for 10 million messages).
INSERT INTO "tickets"."ticket_texts" (company_id, ticket_id, text)
  SELECT company_id, ticket_id, string_agg(text, E'\n' ORDER BY id)
  FROM (SELECT id, company_id, ticket_id, lower(body) AS text,
               sum(octet_length(body) + 1) OVER (PARTITION BY ticket_id ORDER BY id) / 1900 AS part
        FROM tickets.messages
        WHERE body <> '') AS bodies
  GROUP BY company_id, ticket_id, part;
