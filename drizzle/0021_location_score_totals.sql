CREATE TABLE "location_score_totals" (
	"client_id" text NOT NULL,
	"uqid" text NOT NULL,
	"location_id" text NOT NULL,
	"first_shop_date" date NOT NULL,
	"last_shop_date" date NOT NULL,
	"shops" integer NOT NULL,
	"total_score" double precision NOT NULL,
	"total_possible_score" double precision NOT NULL,
	"percent_sum" double precision NOT NULL,
	"scored_shops" integer NOT NULL,
	"positives" integer NOT NULL,
	"neutrals" integer NOT NULL,
	"negatives" integer NOT NULL,
	CONSTRAINT "location_score_totals_client_id_uqid_location_id_pk" PRIMARY KEY("client_id","uqid","location_id")
);
--> statement-breakpoint
ALTER TABLE "location_score_totals" ADD CONSTRAINT "location_score_totals_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_score_totals" ADD CONSTRAINT "location_score_totals_uqid_user_questionnaires_id_fk" FOREIGN KEY ("uqid") REFERENCES "public"."user_questionnaires"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_score_totals" ADD CONSTRAINT "location_score_totals_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Backfill from the approved mystery shops, as rollUpScores adds each at approval (thresholds 0.9 and 0.8: PERFORMANCE_THRESHOLDS).
-- The thresholds are compared as real, as the scores' quotient is (a numeric 0.9 would make a 9 of 10 shop, 0.9 as a real, a neutral).
INSERT INTO "location_score_totals" ("client_id", "uqid", "location_id", "first_shop_date", "last_shop_date", "shops", "total_score", "total_possible_score", "percent_sum", "scored_shops", "positives", "neutrals", "negatives")
SELECT "client_id", "uqid", "location_id", min("shop_date"), max("shop_date"), count(*), coalesce(sum("score"), 0)::float8, coalesce(sum("possible_score"), 0)::float8,
  coalesce(sum("score"::float8 / "possible_score") FILTER (WHERE "possible_score" > 0), 0), count(*) FILTER (WHERE "possible_score" > 0),
  count(*) FILTER (WHERE "possible_score" > 0 AND "score" / "possible_score" >= 0.9::real),
  count(*) FILTER (WHERE "possible_score" > 0 AND "score" / "possible_score" >= 0.8::real AND "score" / "possible_score" < 0.9::real),
  count(*) FILTER (WHERE NOT ("possible_score" > 0 AND "score" / "possible_score" >= 0.8::real))
FROM "evaluations"
WHERE "status" = 10004 AND "is_survey" = false AND "client_id" IS NOT NULL AND "uqid" IS NOT NULL AND "shop_date" IS NOT NULL AND "location_id" IS NOT NULL
GROUP BY "client_id", "uqid", "location_id";
