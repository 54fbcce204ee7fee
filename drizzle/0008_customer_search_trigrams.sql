-- The admin customer search matches "contains" (ilike '%term%'): trigram indexes answer it without reading every customer.
-- pg_trgm ships with PostgreSQL (contrib) and is a trusted extension: the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_business_trgm_idx" ON "users" USING gin ("business_name" gin_trgm_ops);