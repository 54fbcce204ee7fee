CREATE TABLE "question_score_region_days" (
	"region_id" text NOT NULL,
	"uqid" text NOT NULL,
	"shop_date" date NOT NULL,
	"prompt" text NOT NULL,
	"percent_sum" double precision NOT NULL,
	"answers" integer NOT NULL,
	CONSTRAINT "question_score_region_days_region_id_shop_date_uqid_prompt_pk" PRIMARY KEY("region_id","shop_date","uqid","prompt")
);
--> statement-breakpoint
CREATE TABLE "section_score_region_days" (
	"region_id" text NOT NULL,
	"uqid" text NOT NULL,
	"shop_date" date NOT NULL,
	"section_index" integer NOT NULL,
	"section_header" text NOT NULL,
	"percent_sum" double precision NOT NULL,
	"shops" integer NOT NULL,
	CONSTRAINT "section_score_region_days_pk" PRIMARY KEY("region_id","shop_date","uqid","section_index","section_header")
);
--> statement-breakpoint
ALTER TABLE "question_score_region_days" ADD CONSTRAINT "question_score_region_days_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_score_region_days" ADD CONSTRAINT "question_score_region_days_uqid_user_questionnaires_id_fk" FOREIGN KEY ("uqid") REFERENCES "public"."user_questionnaires"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_score_region_days" ADD CONSTRAINT "section_score_region_days_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_score_region_days" ADD CONSTRAINT "section_score_region_days_uqid_user_questionnaires_id_fk" FOREIGN KEY ("uqid") REFERENCES "public"."user_questionnaires"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Approved shops at locations already in a region, rolled up as approval now does.
INSERT INTO "question_score_region_days" ("region_id", "uqid", "shop_date", "prompt", "percent_sum", "answers")
SELECT l."region_id", e."uqid", e."shop_date", qs."prompt", sum(qs."score"::float8 / qs."possible_score"), count(*)
FROM "evaluation_question_scores" qs JOIN "evaluations" e ON e."id" = qs."evaluation_id"
JOIN "locations" l ON l."id" = e."location_id" AND l."uid" = e."client_id" AND l."region_id" IS NOT NULL
WHERE e."status" = 10004 AND e."is_survey" = false AND e."client_id" IS NOT NULL AND e."uqid" IS NOT NULL
  AND e."shop_date" IS NOT NULL AND qs."possible_score" > 0
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO "section_score_region_days" ("region_id", "uqid", "shop_date", "section_index", "section_header", "percent_sum", "shops")
SELECT l."region_id", e."uqid", e."shop_date", s."section_index", s."section_header", sum(s."score"::float8 / s."possible_score"), count(*)
FROM "evaluation_section_scores" s JOIN "evaluations" e ON e."id" = s."evaluation_id"
JOIN "locations" l ON l."id" = e."location_id" AND l."uid" = e."client_id" AND l."region_id" IS NOT NULL
WHERE e."status" = 10004 AND e."is_survey" = false AND e."client_id" IS NOT NULL AND e."uqid" IS NOT NULL
  AND e."shop_date" IS NOT NULL AND s."possible_score" > 0
GROUP BY 1, 2, 3, 4, 5;
