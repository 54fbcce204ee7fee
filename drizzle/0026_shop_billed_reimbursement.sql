-- Issue 42: the shopper reimbursement a shop's customer paid for (through paid_through), what a visit
-- accepted before the next payment is promised; an edit of "reimbursement" counts from that payment.
-- Every shop ordered so far (not in a cart) was paid for at its present reimbursement.
ALTER TABLE "shops" ADD COLUMN "billed_reimbursement" integer;--> statement-breakpoint
UPDATE "shops" SET "billed_reimbursement" = "reimbursement" WHERE "status" <> 'cart';
