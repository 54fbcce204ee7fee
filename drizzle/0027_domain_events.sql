-- Issue 44: the event log. A use case records what happened in its own transaction; subscribers react
-- through the job queue (domain-event relays an event, event-subscriber runs one subscriber once).
CREATE TABLE "domain_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"account_id" text,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_receipts" (
	"event_id" text NOT NULL,
	"subscriber" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_receipts_event_id_subscriber_pk" PRIMARY KEY("event_id","subscriber")
);
--> statement-breakpoint
ALTER TABLE "event_receipts" ADD CONSTRAINT "event_receipts_event_id_domain_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."domain_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_events_type_idx" ON "domain_events" USING btree ("type","occurred_at");--> statement-breakpoint
SELECT pgboss.create_queue('domain-event', '{"policy":"standard"}');--> statement-breakpoint
SELECT pgboss.create_queue('event-subscriber', '{"policy":"standard"}');
