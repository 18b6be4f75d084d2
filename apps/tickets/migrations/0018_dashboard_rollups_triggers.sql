-- Custom SQL migration (issue 15, dashboard at a million tickets): tickets.dashboard_daily, the
-- daily rollups of ticket_timelines, kept by a trigger on ticket_timelines in the transaction of
-- every timeline change (whoever the writer: the timeline triggers of 0013, the rating trigger of
-- 0015, scripts). An insert adds the row's contribution, a delete takes it off, an update does
-- both (a transfer or reopen moves a ticket between an agent's / queue's figures this way).
-- Days are calendar days of dashboard_calendar's time zone, which the service sets to its
-- TIME_ZONE at boot (rebuilding the rollups with dashboard_daily_rebuild when it changed).

INSERT INTO "tickets"."dashboard_calendar" ("id", "time_zone") VALUES (1, 'America/Sao_Paulo');
--> statement-breakpoint

CREATE FUNCTION "tickets"."dashboard_daily_add"(r "tickets"."ticket_timelines", sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tz text := (SELECT time_zone FROM tickets.dashboard_calendar WHERE id = 1);
  d date := (r.queued_at AT TIME ZONE tz)::date;
  support numeric := extract(epoch from r.resolved_at - coalesce(r.accepted_at, r.queued_at));
  wait numeric := extract(epoch from r.accepted_at - r.queued_at);
  first_response numeric := extract(epoch from r.first_reply_at - r.queued_at);
  k record;
BEGIN
  FOR k IN SELECT * FROM (VALUES ('q', coalesce(r.queue_id, 0)), ('u', r.user_id)) AS v(kind, ref_id) WHERE v.ref_id IS NOT NULL LOOP
    INSERT INTO tickets.dashboard_daily (company_id, day, kind, ref_id) VALUES (r.company_id, d, k.kind, k.ref_id) ON CONFLICT DO NOTHING;
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
      resolutions[coalesce(r.resolution_bucket, 0) + 1] = resolutions[coalesce(r.resolution_bucket, 0) + 1] + CASE WHEN r.resolution_bucket IS NOT NULL THEN sign ELSE 0 END
    WHERE company_id = r.company_id AND day = d AND kind = k.kind AND ref_id = k.ref_id;
  END LOOP;
END $$;
--> statement-breakpoint

-- An update locks the rollup rows it will change in one order (day, kind, ref_id) first: two
-- transfers the opposite way between the same agents or queues then wait for each other instead
-- of deadlocking.
CREATE FUNCTION "tickets"."dashboard_daily_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint

CREATE TRIGGER "dashboard_daily_changed" AFTER INSERT OR UPDATE OR DELETE ON "tickets"."ticket_timelines"
  FOR EACH ROW EXECUTE FUNCTION "tickets"."dashboard_daily_changed"();
--> statement-breakpoint

-- The rollups computed afresh from ticket_timelines: one company's (p_company) or every one's
-- (null). Used by this migration's backfill, by the service when the time zone changed, and by
-- bulk loads that switched the trigger off (bench/dashboard.mjs).
CREATE FUNCTION "tickets"."dashboard_daily_rebuild"(p_company integer) RETURNS void LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint

SELECT "tickets"."dashboard_daily_rebuild"(NULL);
