-- Issue 47 (h47perf): one home point per shopper, the profile's (geocoded at sign-up and in the profile):
-- the offers run and the desk's search read it through this index; the users' own columns, which nothing
-- wrote, go.
DROP INDEX "users_home_point_idx";--> statement-breakpoint
CREATE INDEX "shopper_profiles_home_point_idx" ON "shopper_profiles" USING gist (point("longitude", "latitude"));--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "latitude";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "longitude";