CREATE TABLE "section_score_days" (
	"client_id" text NOT NULL,
	"uqid" text NOT NULL,
	"shop_date" date NOT NULL,
	"section_index" integer NOT NULL,
	"section_header" text NOT NULL,
	"percent_sum" double precision NOT NULL,
	"shops" integer NOT NULL,
	CONSTRAINT "section_score_days_pk" PRIMARY KEY("client_id","shop_date","uqid","section_index","section_header")
);
--> statement-breakpoint
ALTER TABLE "section_score_days" ADD CONSTRAINT "section_score_days_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_score_days" ADD CONSTRAINT "section_score_days_uqid_user_questionnaires_id_fk" FOREIGN KEY ("uqid") REFERENCES "public"."user_questionnaires"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Evaluations approved before this migration: their sections, rolled up as approval now does.
INSERT INTO "section_score_days" ("client_id", "uqid", "shop_date", "section_index", "section_header", "percent_sum", "shops")
SELECT e."client_id", e."uqid", e."shop_date", s."section_index", s."section_header", sum(s."score"::float8 / s."possible_score"), count(*)
FROM "evaluation_section_scores" s JOIN "evaluations" e ON e."id" = s."evaluation_id"
WHERE e."status" = 10004 AND e."is_survey" = false AND e."client_id" IS NOT NULL AND e."uqid" IS NOT NULL
  AND e."shop_date" IS NOT NULL AND s."possible_score" > 0
GROUP BY 1, 2, 3, 4, 5;
