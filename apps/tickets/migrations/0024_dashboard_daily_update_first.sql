-- Custom SQL migration (issue 12, campaign delivery): dashboard_daily_add updates the day's row
-- first and inserts it only when it is missing (the first change of that day, queue or agent),
-- then updates it. Before, every change ran `INSERT … ON CONFLICT DO NOTHING` first, a probe of
-- the unique index that, on the company's row for today changed by every new ticket, walked
-- the row's versions not yet vacuumed: 0.48 ms of the 0.85 ms a change cost at 50 tickets/s
-- (bench/README.md, campaigns). Same contributions, same lock order, same changed_seq rule.
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
END $$;
