-- Issue 47: one home point per shopper, the profile's (geocoded at sign-up and in the profile): the
-- offers run and the desk's search read it through this index. users.latitude/longitude, which nothing
-- wrote, stay until a contract migration (the release before this one reads them).
DROP INDEX "users_home_point_idx";--> statement-breakpoint
CREATE INDEX "shopper_profiles_home_point_idx" ON "shopper_profiles" USING gist (point("longitude", "latitude"));