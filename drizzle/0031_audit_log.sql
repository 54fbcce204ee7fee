-- Issue 50: the audit log. Append-only: the trigger below refuses every UPDATE, and every DELETE of an
-- entry younger than the retention of 400 days (only the daily prune job deletes, and only older ones).
-- TRUNCATE (tests only) does not fire row triggers.
CREATE TABLE "audit_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text,
	"actor_id" text,
	"actor_email" text,
	"actor_role" text NOT NULL,
	"action" text NOT NULL,
	"subject_type" text,
	"subject_id" text,
	"subject_label" text,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"user_agent" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_entries_account_at_idx" ON "audit_entries" USING btree ("account_id","at");--> statement-breakpoint
CREATE INDEX "audit_entries_at_idx" ON "audit_entries" USING btree ("at");--> statement-breakpoint
CREATE FUNCTION "audit_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' AND OLD."at" < now() - interval '400 days' THEN
		RETURN OLD;
	END IF;
	RAISE EXCEPTION 'audit entries cannot be changed or deleted (%)', TG_OP USING ERRCODE = '42501';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_entries_append_only" BEFORE UPDATE OR DELETE ON "audit_entries" FOR EACH ROW EXECUTE FUNCTION "audit_entries_append_only"();
--> statement-breakpoint
SELECT pgboss.create_queue('audit-prune', '{"policy":"standard"}');