ALTER TABLE "invoice_lines" ADD COLUMN "period_start" date;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "period_end" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "attempt_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "invoices_billing_work_idx" ON "invoices" USING btree ("next_payment_attempt") WHERE "invoices"."billing_month" is not null and not "invoices"."paid" and not "invoices"."closed";--> statement-breakpoint
CREATE INDEX "test_payment_cards_customer_idx" ON "test_payment_cards" USING btree ("customer_id","created_at");