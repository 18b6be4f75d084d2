-- Custom SQL migration (issue 12, campaign delivery at 50 messages/s; issue 11, the chatbot): the
-- rollups' trigger on ticket_timelines runs when its transaction commits, not at each change.
--
-- Every ticket a company creates or moves on a day changes one dashboard_daily row (that day, that
-- queue; that agent), so every such transaction takes the same row lock and, with the trigger
-- run at the change, held it from its ticket's insert or update until its commit: the campaign
-- send's and the inbound batch's remaining statements and round trips included. Concurrent ticket
-- creations of one company queued on that lock (10-11 waiting at 40 messages/s, bench/README.md,
-- campaigns). Run at commit (a deferred constraint trigger, fired in the order of the changes,
-- each with the OLD and NEW rows of its own change, so the contributions add up as before), the
-- lock is held for the trigger itself and the commit's flush only.
--
-- The lock order is unchanged (dashboard_daily_changed's FOR UPDATE in day, kind, ref_id order),
-- and the rollups are the same, only written at the end of the transaction: a statement reading
-- dashboard_daily inside the transaction that changed a timeline does not see its own change yet
-- (the service never does; the dashboard reads in transactions of their own).

DROP TRIGGER "dashboard_daily_changed" ON "tickets"."ticket_timelines";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "dashboard_daily_changed" AFTER INSERT OR UPDATE OR DELETE ON "tickets"."ticket_timelines"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "tickets"."dashboard_daily_changed"();
