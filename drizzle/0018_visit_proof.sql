ALTER TABLE "evaluations" ADD COLUMN "check_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "check_in_lat" real;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "check_in_lng" real;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "check_in_accuracy_m" real;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "check_in_distance_m" real;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "check_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "check_out_lat" real;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "check_out_lng" real;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "check_out_accuracy_m" real;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "proof_flags" jsonb;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "reviewer_id" text;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "review_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;