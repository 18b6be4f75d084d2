-- The audit log is append-only (docs/adr/023-audit-log.md). migrateService revokes UPDATE, DELETE
-- and TRUNCATE from the application role on every table commented 'append-only'; this trigger
-- refuses them for anyone else as well, but for the retention function below.
COMMENT ON TABLE "identity"."audit_logs" IS 'append-only: rows are removed only by identity.purge_audit_logs (retention)';--> statement-breakpoint
CREATE FUNCTION "identity"."audit_logs_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE'
     AND current_setting('atrium.audit_retention', true) = 'on'
     AND current_user = (SELECT pg_get_userbyid(relowner) FROM pg_class WHERE oid = TG_RELID) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'identity.audit_logs is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_logs_no_update_delete" BEFORE UPDATE OR DELETE ON "identity"."audit_logs"
  FOR EACH ROW EXECUTE FUNCTION "identity"."audit_logs_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_logs_no_truncate" BEFORE TRUNCATE ON "identity"."audit_logs"
  FOR EACH STATEMENT EXECUTE FUNCTION "identity"."audit_logs_append_only"();--> statement-breakpoint
-- Retention: runs as the table's owner (SECURITY DEFINER), the one way rows leave the table.
CREATE FUNCTION "identity"."purge_audit_logs"(older_than timestamptz) RETURNS integer
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  removed integer;
BEGIN
  PERFORM set_config('atrium.audit_retention', 'on', true);
  DELETE FROM "identity"."audit_logs" WHERE created_at < older_than;
  GET DIAGNOSTICS removed = ROW_COUNT;
  PERFORM set_config('atrium.audit_retention', '', true);
  RETURN removed;
END $$;
