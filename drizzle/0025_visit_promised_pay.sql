-- Issue 42: a visit pays what the shopper was promised when they accepted it, recorded on its evaluation.
ALTER TABLE "evaluations" ADD COLUMN "promised_reimbursement" integer;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "promised_fee" integer;--> statement-breakpoint
-- Visits already paid keep what their payable says.
UPDATE "evaluations" e SET "promised_reimbursement" = p."reimbursement", "promised_fee" = p."fee"
FROM "payables" p
WHERE p."evaluation_id" = e."id";--> statement-breakpoint
-- The others were accepted under the old rule (pay the shop's values at approval): no promise was
-- recorded, so they are promised the shop's and questionnaire's values of today, what they would
-- have been paid the moment before this migration.
UPDATE "evaluations" e SET "promised_reimbursement" = s."reimbursement", "promised_fee" = q."shopper_fee"
FROM "visits" v
JOIN "shops" s ON s."id" = v."shop_id"
JOIN "questionnaires" q ON q."id" = s."qid"
WHERE v."id" = e."visit_id" AND e."is_survey" = false AND e."promised_reimbursement" IS NULL;
