CREATE TABLE "payables" (
	"id" text PRIMARY KEY NOT NULL,
	"evaluation_id" text NOT NULL,
	"shopper_id" text NOT NULL,
	"reimbursement" integer NOT NULL,
	"fee" integer NOT NULL,
	"total" integer NOT NULL,
	"program_name" text NOT NULL,
	"location_name" text NOT NULL,
	"shop_date" date,
	"approved_at" timestamp with time zone NOT NULL,
	"batch_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"paid_on" date NOT NULL,
	"total" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "questionnaires" ADD COLUMN "shopper_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payables" ADD CONSTRAINT "payables_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."evaluations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payables" ADD CONSTRAINT "payables_shopper_id_users_id_fk" FOREIGN KEY ("shopper_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payables" ADD CONSTRAINT "payables_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payables_evaluation_uq" ON "payables" USING btree ("evaluation_id");--> statement-breakpoint
CREATE INDEX "payables_shopper_idx" ON "payables" USING btree ("shopper_id","approved_at");--> statement-breakpoint
CREATE INDEX "payables_approved_idx" ON "payables" USING btree ("approved_at");--> statement-breakpoint
CREATE INDEX "payables_batch_idx" ON "payables" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "payout_batches_created_idx" ON "payout_batches" USING btree ("created_at");