-- Issues 41 and 42: what was stored for customers before the readers rule (src/evaluation/readers.ts).
-- 1. Question score rows of elements reported 'never' (read by the reporting API, the CSV, the
--    dashboard's worst questions and action plans) go, and the daily question rollups of the shops
--    that had them are rebuilt from the rows that stay.
CREATE TABLE "_never_reported_shops" AS
SELECT DISTINCT e."id", e."client_id", e."uqid", e."shop_date", l."region_id"
FROM "evaluation_question_scores" qs
JOIN "evaluations" e ON e."id" = qs."evaluation_id"
JOIN "form_versions" fv ON fv."id" = e."form_version_id"
LEFT JOIN "locations" l ON l."id" = e."location_id" AND l."uid" = e."client_id"
WHERE jsonb_path_exists(fv."definition", '$.sections[*].elements[*] ? (@.localId == $id && @.reportability == "never")', jsonb_build_object('id', qs."element_id"));
--> statement-breakpoint
DELETE FROM "evaluation_question_scores" qs
USING "evaluations" e, "form_versions" fv
WHERE e."id" = qs."evaluation_id" AND fv."id" = e."form_version_id"
  AND jsonb_path_exists(fv."definition", '$.sections[*].elements[*] ? (@.localId == $id && @.reportability == "never")', jsonb_build_object('id', qs."element_id"));
--> statement-breakpoint
DELETE FROM "question_score_days" d
USING (SELECT DISTINCT "client_id", "uqid", "shop_date" FROM "_never_reported_shops") k
WHERE d."client_id" = k."client_id" AND d."uqid" = k."uqid" AND d."shop_date" = k."shop_date";
--> statement-breakpoint
INSERT INTO "question_score_days" ("client_id", "uqid", "shop_date", "prompt", "percent_sum", "answers")
SELECT e."client_id", e."uqid", e."shop_date", qs."prompt", sum(qs."score"::float8 / qs."possible_score"), count(*)
FROM "evaluation_question_scores" qs
JOIN "evaluations" e ON e."id" = qs."evaluation_id"
WHERE e."status" = 10004 AND e."is_survey" = false AND e."client_id" IS NOT NULL AND e."uqid" IS NOT NULL
  AND e."shop_date" IS NOT NULL AND qs."possible_score" > 0
  AND (e."client_id", e."uqid", e."shop_date") IN (SELECT "client_id", "uqid", "shop_date" FROM "_never_reported_shops")
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
DELETE FROM "question_score_region_days" d
USING (SELECT DISTINCT "region_id", "uqid", "shop_date" FROM "_never_reported_shops" WHERE "region_id" IS NOT NULL) k
WHERE d."region_id" = k."region_id" AND d."uqid" = k."uqid" AND d."shop_date" = k."shop_date";
--> statement-breakpoint
INSERT INTO "question_score_region_days" ("region_id", "uqid", "shop_date", "prompt", "percent_sum", "answers")
SELECT l."region_id", e."uqid", e."shop_date", qs."prompt", sum(qs."score"::float8 / qs."possible_score"), count(*)
FROM "evaluation_question_scores" qs
JOIN "evaluations" e ON e."id" = qs."evaluation_id"
JOIN "locations" l ON l."id" = e."location_id" AND l."uid" = e."client_id" AND l."region_id" IS NOT NULL
WHERE e."status" = 10004 AND e."is_survey" = false AND e."client_id" IS NOT NULL AND e."uqid" IS NOT NULL
  AND e."shop_date" IS NOT NULL AND qs."possible_score" > 0
  AND (l."region_id", e."uqid", e."shop_date") IN (SELECT "region_id", "uqid", "shop_date" FROM "_never_reported_shops" WHERE "region_id" IS NOT NULL)
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
DROP TABLE "_never_reported_shops";
--> statement-breakpoint
-- 2. Action plans copied QA's rejection note (metadata.externalComment) as the shopper's comment; no
--    other comment was ever copied there, so every one made so far is cleared.
UPDATE "action_plans" SET "shopper_comment" = '' WHERE "shopper_comment" <> '';
