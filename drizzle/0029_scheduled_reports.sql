-- Scheduled report e-mails (issue 48): the owner's schedule per account, its recipients (team members; each may
-- unsubscribe), outbox attachments (the report's PDF), and the queues of the two new jobs.
CREATE TABLE "report_schedule_recipients" (
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_schedule_recipients_account_id_user_id_pk" PRIMARY KEY("account_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"account_id" text PRIMARY KEY NOT NULL,
	"frequency" text NOT NULL,
	"paper" text DEFAULT 'a4' NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "report_schedule_recipients" ADD CONSTRAINT "report_schedule_recipients_account_id_report_schedules_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."report_schedules"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedule_recipients" ADD CONSTRAINT "report_schedule_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
SELECT pgboss.create_queue('report-schedules', '{"policy":"standard"}');--> statement-breakpoint
SELECT pgboss.create_queue('report-email', '{"policy":"standard"}');