CREATE TABLE "shop_score_days" (
	"client_id" text NOT NULL,
	"uqid" text NOT NULL,
	"shop_date" date NOT NULL,
	"shops" integer NOT NULL,
	"total_score" double precision NOT NULL,
	"total_possible_score" double precision NOT NULL,
	"percent_sum" double precision NOT NULL,
	"scored_shops" integer NOT NULL,
	CONSTRAINT "shop_score_days_client_id_uqid_shop_date_pk" PRIMARY KEY("client_id","uqid","shop_date")
);
--> statement-breakpoint
ALTER TABLE "shop_score_days" ADD CONSTRAINT "shop_score_days_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_score_days" ADD CONSTRAINT "shop_score_days_uqid_user_questionnaires_id_fk" FOREIGN KEY ("uqid") REFERENCES "public"."user_questionnaires"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Backfill from the approved mystery shops, as rollUpScores adds each at approval, day after day.
INSERT INTO "shop_score_days" ("client_id", "uqid", "shop_date", "shops", "total_score", "total_possible_score", "percent_sum", "scored_shops")
SELECT "client_id", "uqid", "shop_date", count(*), coalesce(sum("score"), 0)::float8, coalesce(sum("possible_score"), 0)::float8,
  coalesce(sum("score"::float8 / "possible_score") FILTER (WHERE "possible_score" > 0), 0), count(*) FILTER (WHERE "possible_score" > 0)
FROM "evaluations"
WHERE "status" = 10004 AND "is_survey" = false AND "client_id" IS NOT NULL AND "uqid" IS NOT NULL AND "shop_date" IS NOT NULL
GROUP BY "client_id", "uqid", "shop_date"
ORDER BY "shop_date";
