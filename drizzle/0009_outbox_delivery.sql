-- E-mail is delivered by a job written with the outbox row (the transactional outbox): each row now records
-- its delivery status, tries and the time of the last try; a message that must go out once carries a unique key.
-- job_keys holds the keys of jobs that must be queued once (a scheduled run per day).
CREATE TABLE "job_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"job_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "last_tried_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "dedup_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_emails_dedup_key_uq" ON "outbox_emails" USING btree ("dedup_key");--> statement-breakpoint
-- Rows from before: delivered right after the commit, or never tried because no SMTP server was set.
UPDATE "outbox_emails" SET
  "status" = CASE WHEN "sent_at" IS NOT NULL THEN 'sent' WHEN "error" IS NOT NULL THEN 'failed' ELSE 'kept' END,
  "tries" = CASE WHEN "sent_at" IS NOT NULL OR "error" IS NOT NULL THEN 1 ELSE 0 END;
