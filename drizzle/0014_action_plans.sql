CREATE TABLE "action_plan_events" (
	"id" text PRIMARY KEY NOT NULL,
	"plan_id" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" text,
	"actor" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "action_plan_items" (
	"plan_id" text NOT NULL,
	"element_id" text NOT NULL,
	"position" integer NOT NULL,
	"section_header" text NOT NULL,
	"prompt" text NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"score" real NOT NULL,
	"possible_score" real NOT NULL,
	"action" text DEFAULT '' NOT NULL,
	"responsible" text DEFAULT '' NOT NULL,
	"due_date" date,
	"photo_key" text,
	"photo_name" text,
	"follow_up" text,
	CONSTRAINT "action_plan_items_plan_id_element_id_pk" PRIMARY KEY("plan_id","element_id")
);
--> statement-breakpoint
CREATE TABLE "action_plan_triggers" (
	"uqid" text PRIMARY KEY NOT NULL,
	"below_percent" integer,
	"question_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "action_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"evaluation_id" text NOT NULL,
	"uqid" text NOT NULL,
	"location_id" text,
	"state" text DEFAULT 'open' NOT NULL,
	"percentage" double precision NOT NULL,
	"shop_date" date NOT NULL,
	"due_date" date NOT NULL,
	"shopper_comment" text DEFAULT '' NOT NULL,
	"follow_up_evaluation_id" text,
	"follow_up_percentage" double precision,
	"due_soon_told_at" timestamp with time zone,
	"overdue_told_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email_preferences" SET DEFAULT '{"receiveMarketing":true,"receiveShopScheduled":true,"receiveShopQA":true,"receiveShopComplete":true,"receiveSurveyComplete":true,"receiveAsDigest":false,"receiveActionPlans":true}'::jsonb;--> statement-breakpoint
ALTER TABLE "action_plan_events" ADD CONSTRAINT "action_plan_events_plan_id_action_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."action_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_plan_events" ADD CONSTRAINT "action_plan_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_plan_items" ADD CONSTRAINT "action_plan_items_plan_id_action_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."action_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_plan_triggers" ADD CONSTRAINT "action_plan_triggers_uqid_user_questionnaires_id_fk" FOREIGN KEY ("uqid") REFERENCES "public"."user_questionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_plan_triggers" ADD CONSTRAINT "action_plan_triggers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_plans" ADD CONSTRAINT "action_plans_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_plans" ADD CONSTRAINT "action_plans_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_plans" ADD CONSTRAINT "action_plans_uqid_user_questionnaires_id_fk" FOREIGN KEY ("uqid") REFERENCES "public"."user_questionnaires"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_plans" ADD CONSTRAINT "action_plans_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_plans" ADD CONSTRAINT "action_plans_follow_up_evaluation_id_evaluations_id_fk" FOREIGN KEY ("follow_up_evaluation_id") REFERENCES "public"."evaluations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "action_plan_events_plan_idx" ON "action_plan_events" USING btree ("plan_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "action_plans_evaluation_uq" ON "action_plans" USING btree ("evaluation_id");--> statement-breakpoint
CREATE INDEX "action_plans_account_idx" ON "action_plans" USING btree ("account_id","state","due_date");--> statement-breakpoint
CREATE INDEX "action_plans_follow_up_idx" ON "action_plans" USING btree ("location_id","uqid") WHERE "action_plans"."follow_up_evaluation_id" is null;--> statement-breakpoint
SELECT pgboss.create_queue('action-plan-reminders', '{"policy":"standard"}');
