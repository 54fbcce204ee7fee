-- Issue 47 (the supply side, h47b): visit history, holds with deadlines and extensions, QA grades, the
-- shopper rating and reliability, offers settings and openings, and the two jobs (deadlines, offers).
CREATE TABLE "shopper_hold_outcomes" (
	"id" text PRIMARY KEY NOT NULL,
	"shopper_id" text NOT NULL,
	"visit_id" text NOT NULL,
	"outcome" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopper_offer_settings" (
	"shopper_id" text PRIMARY KEY NOT NULL,
	"receive_offers" boolean DEFAULT true NOT NULL,
	"radius_miles" integer DEFAULT 25 NOT NULL,
	"last_offered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shopper_ratings" (
	"shopper_id" text PRIMARY KEY NOT NULL,
	"rating" double precision,
	"grades" integer DEFAULT 0 NOT NULL,
	"reliability" double precision,
	"outcomes" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_grades" (
	"evaluation_id" text PRIMARY KEY NOT NULL,
	"shopper_id" text NOT NULL,
	"grade" integer NOT NULL,
	"reason" text NOT NULL,
	"graded_by" text,
	"graded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_history" (
	"id" text PRIMARY KEY NOT NULL,
	"visit_id" text NOT NULL,
	"action" text NOT NULL,
	"shopper_id" text,
	"actor_id" text,
	"reason" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "visit_history_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1)
);
--> statement-breakpoint
CREATE TABLE "visit_holds" (
	"visit_id" text PRIMARY KEY NOT NULL,
	"shopper_id" text NOT NULL,
	"evaluation_id" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"submit_by" date NOT NULL,
	"extension_state" text,
	"extension_days" integer,
	"extension_reason" text,
	"extension_decided_by" text,
	"extension_decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "visit_openings" (
	"id" text PRIMARY KEY NOT NULL,
	"visit_id" text NOT NULL,
	"reason" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "questionnaires" ADD COLUMN "submit_within_days" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "shopper_hold_outcomes" ADD CONSTRAINT "shopper_hold_outcomes_shopper_id_users_id_fk" FOREIGN KEY ("shopper_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopper_hold_outcomes" ADD CONSTRAINT "shopper_hold_outcomes_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopper_offer_settings" ADD CONSTRAINT "shopper_offer_settings_shopper_id_users_id_fk" FOREIGN KEY ("shopper_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopper_ratings" ADD CONSTRAINT "shopper_ratings_shopper_id_users_id_fk" FOREIGN KEY ("shopper_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_grades" ADD CONSTRAINT "visit_grades_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."evaluations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_grades" ADD CONSTRAINT "visit_grades_shopper_id_users_id_fk" FOREIGN KEY ("shopper_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_grades" ADD CONSTRAINT "visit_grades_graded_by_users_id_fk" FOREIGN KEY ("graded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_history" ADD CONSTRAINT "visit_history_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_history" ADD CONSTRAINT "visit_history_shopper_id_users_id_fk" FOREIGN KEY ("shopper_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_history" ADD CONSTRAINT "visit_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_holds" ADD CONSTRAINT "visit_holds_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_holds" ADD CONSTRAINT "visit_holds_shopper_id_users_id_fk" FOREIGN KEY ("shopper_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_holds" ADD CONSTRAINT "visit_holds_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."evaluations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_holds" ADD CONSTRAINT "visit_holds_extension_decided_by_users_id_fk" FOREIGN KEY ("extension_decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_openings" ADD CONSTRAINT "visit_openings_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shopper_hold_outcomes_shopper_idx" ON "shopper_hold_outcomes" USING btree ("shopper_id","at");--> statement-breakpoint
CREATE INDEX "visit_grades_shopper_idx" ON "visit_grades" USING btree ("shopper_id","graded_at");--> statement-breakpoint
CREATE INDEX "visit_history_visit_idx" ON "visit_history" USING btree ("visit_id","seq");--> statement-breakpoint
CREATE INDEX "visit_history_shopper_idx" ON "visit_history" USING btree ("shopper_id","at");--> statement-breakpoint
CREATE INDEX "visit_holds_submit_by_idx" ON "visit_holds" USING btree ("submit_by");--> statement-breakpoint
CREATE INDEX "visit_holds_shopper_idx" ON "visit_holds" USING btree ("shopper_id");--> statement-breakpoint
CREATE INDEX "visit_openings_opened_idx" ON "visit_openings" USING btree ("opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_openings_visit_reason_uq" ON "visit_openings" USING btree ("visit_id","reason","opened_at");--> statement-breakpoint
CREATE INDEX "users_home_point_idx" ON "users" USING gist (point("longitude", "latitude"));--> statement-breakpoint
SELECT pgboss.create_queue('visit-deadlines', '{"policy":"standard"}');--> statement-breakpoint
SELECT pgboss.create_queue('visit-offers', '{"policy":"standard"}');
