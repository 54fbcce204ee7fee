CREATE TABLE "evaluation_events" (
	"id" text PRIMARY KEY NOT NULL,
	"evaluation_id" text NOT NULL,
	"from_status" integer,
	"to_status" integer NOT NULL,
	"user_id" text,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluation_question_scores" (
	"evaluation_id" text NOT NULL,
	"element_id" text NOT NULL,
	"section_header" text NOT NULL,
	"prompt" text NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"score" real NOT NULL,
	"possible_score" real NOT NULL,
	CONSTRAINT "evaluation_question_scores_evaluation_id_element_id_pk" PRIMARY KEY("evaluation_id","element_id")
);
--> statement-breakpoint
CREATE TABLE "evaluation_section_scores" (
	"evaluation_id" text NOT NULL,
	"section_index" integer NOT NULL,
	"section_header" text NOT NULL,
	"score" real NOT NULL,
	"possible_score" real NOT NULL,
	CONSTRAINT "evaluation_section_scores_evaluation_id_section_index_pk" PRIMARY KEY("evaluation_id","section_index")
);
--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "uqid" text;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "location_id" text;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "is_survey" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "shop_date" date;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "respondent_key" text;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "respondent_ip" text;--> statement-breakpoint
ALTER TABLE "evaluation_events" ADD CONSTRAINT "evaluation_events_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_events" ADD CONSTRAINT "evaluation_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_question_scores" ADD CONSTRAINT "evaluation_question_scores_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_section_scores" ADD CONSTRAINT "evaluation_section_scores_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evaluation_events_evaluation_idx" ON "evaluation_events" USING btree ("evaluation_id","created_at");--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_uqid_user_questionnaires_id_fk" FOREIGN KEY ("uqid") REFERENCES "public"."user_questionnaires"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evaluations_status_idx" ON "evaluations" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "evaluations_client_date_idx" ON "evaluations" USING btree ("client_id","status","shop_date");--> statement-breakpoint
CREATE UNIQUE INDEX "evaluations_respondent_uq" ON "evaluations" USING btree ("survey_link_id","respondent_key");--> statement-breakpoint
CREATE INDEX "evaluations_respondent_ip_idx" ON "evaluations" USING btree ("respondent_ip","created_at");