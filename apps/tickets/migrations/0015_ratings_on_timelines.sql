-- Custom migration: a stored rating (user_ratings, issue 11) reaches the ticket's timeline row,
-- which the dashboard reads (issue 15), in the same transaction; existing ratings are copied once.
CREATE FUNCTION "tickets"."ticket_timelines_rated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "tickets"."ticket_timelines" SET "rating" = NEW."rate" WHERE "ticket_id" = NEW."ticket_id";
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "user_ratings_to_timelines" AFTER INSERT OR UPDATE OF "rate" ON "tickets"."user_ratings"
  FOR EACH ROW EXECUTE FUNCTION "tickets"."ticket_timelines_rated"();
--> statement-breakpoint
UPDATE "tickets"."ticket_timelines" AS t SET "rating" = r."rate" FROM "tickets"."user_ratings" AS r WHERE r."ticket_id" = t."ticket_id";
