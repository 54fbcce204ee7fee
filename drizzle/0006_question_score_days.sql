CREATE TABLE "question_score_days" (
	"client_id" text NOT NULL,
	"uqid" text NOT NULL,
	"shop_date" date NOT NULL,
	"prompt" text NOT NULL,
	"percent_sum" double precision NOT NULL,
	"answers" integer NOT NULL,
	CONSTRAINT "question_score_days_client_id_shop_date_uqid_prompt_pk" PRIMARY KEY("client_id","shop_date","uqid","prompt")
);
--> statement-breakpoint
ALTER TABLE "question_score_days" ADD CONSTRAINT "question_score_days_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_score_days" ADD CONSTRAINT "question_score_days_uqid_user_questionnaires_id_fk" FOREIGN KEY ("uqid") REFERENCES "public"."user_questionnaires"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evaluations_location_date_idx" ON "evaluations" USING btree ("location_id","shop_date");