-- Customer notifications (issue 17): digest items waiting for a customer's daily digest, report addresses
-- that unsubscribed, outbox headers (List-Unsubscribe), and the queues of the new jobs.
CREATE TABLE "digest_items" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"facts" jsonb NOT NULL,
	"digested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_suppressions" (
	"email_hash" text NOT NULL,
	"topic" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_suppressions_email_hash_topic_pk" PRIMARY KEY("email_hash","topic")
);
--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "digest_items" ADD CONSTRAINT "digest_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "digest_items_pending_idx" ON "digest_items" USING btree ("user_id","created_at") WHERE "digest_items"."digested_at" is null;--> statement-breakpoint
SELECT pgboss.create_queue('survey-responses', '{"policy":"standard"}');--> statement-breakpoint
SELECT pgboss.create_queue('daily-digest', '{"policy":"standard"}');
