CREATE TABLE "benchmark_rollup_runs" (
	"id" integer PRIMARY KEY NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"rows" integer NOT NULL,
	"ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "benchmark_score_days" (
	"industry_id" text NOT NULL,
	"questionnaire_type" text NOT NULL,
	"shop_date" date NOT NULL,
	"account_id" text NOT NULL,
	"percent" integer NOT NULL,
	"shops" integer NOT NULL,
	CONSTRAINT "benchmark_score_days_pk" PRIMARY KEY("industry_id","questionnaire_type","shop_date","account_id","percent")
);
--> statement-breakpoint
CREATE TABLE "score_alert_rules" (
	"uqid" text PRIMARY KEY NOT NULL,
	"below_percent" integer,
	"drop_points" integer,
	"trailing_shops" integer DEFAULT 5 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "score_alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"evaluation_id" text NOT NULL,
	"uqid" text NOT NULL,
	"location_id" text,
	"reason" text NOT NULL,
	"percentage" double precision NOT NULL,
	"trailing_average" double precision,
	"below_percent" integer,
	"drop_points" integer,
	"trailing_shops" integer NOT NULL,
	"shop_date" date,
	"action_plan_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" text
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "benchmark_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "score_alert_rules" ADD CONSTRAINT "score_alert_rules_uqid_user_questionnaires_id_fk" FOREIGN KEY ("uqid") REFERENCES "public"."user_questionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_alert_rules" ADD CONSTRAINT "score_alert_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_alerts" ADD CONSTRAINT "score_alerts_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_alerts" ADD CONSTRAINT "score_alerts_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_alerts" ADD CONSTRAINT "score_alerts_uqid_user_questionnaires_id_fk" FOREIGN KEY ("uqid") REFERENCES "public"."user_questionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_alerts" ADD CONSTRAINT "score_alerts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_alerts" ADD CONSTRAINT "score_alerts_action_plan_id_action_plans_id_fk" FOREIGN KEY ("action_plan_id") REFERENCES "public"."action_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_alerts" ADD CONSTRAINT "score_alerts_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "score_alerts_evaluation_uq" ON "score_alerts" USING btree ("evaluation_id");--> statement-breakpoint
CREATE INDEX "score_alerts_open_idx" ON "score_alerts" USING btree ("account_id","created_at") WHERE "score_alerts"."acknowledged_at" is null;--> statement-breakpoint
SELECT pgboss.create_queue('benchmark-rollup', '{"policy":"standard"}');
