ALTER TABLE "orders" ADD COLUMN "payment_customer_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "guest_email" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "guest_profile" jsonb;