CREATE TABLE "brands" (
	"id" text PRIMARY KEY NOT NULL,
	"short_name" text NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'AUTHENTICATED' NOT NULL,
	"subdomain" text,
	"custom_domain" text,
	"entry_path" text,
	"logo_url" text,
	"favicon_url" text,
	"primary_color" text DEFAULT '#1c7ed6' NOT NULL,
	"secondary_color" text DEFAULT '#495057' NOT NULL,
	"header_text_color" text DEFAULT '#ffffff' NOT NULL,
	"footer_link_text_color" text DEFAULT '#ffffff' NOT NULL,
	"brand_text" text,
	"brand_text_image_url" text,
	"restrict_cms" boolean DEFAULT false NOT NULL,
	"order_notification_emails" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"surveys_enabled" boolean DEFAULT true NOT NULL,
	"customization_enabled" boolean DEFAULT true NOT NULL,
	"uses_incentive_zones" boolean DEFAULT false NOT NULL,
	"requires_car_make" boolean DEFAULT false NOT NULL,
	"flow_variant" text DEFAULT 'default' NOT NULL,
	"unlisted_industry_email" text,
	"incentive_zones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"car_makes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluations" (
	"id" text PRIMARY KEY NOT NULL,
	"visit_id" text,
	"survey_link_id" text,
	"form_version_id" text NOT NULL,
	"user_id" text,
	"status" integer DEFAULT 10001 NOT NULL,
	"document" jsonb NOT NULL,
	"score" real,
	"possible_score" real,
	"submitted_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"form_id" text NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"draft" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "industries" (
	"id" text PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"title" text NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"invoice_id" text NOT NULL,
	"shop_id" text,
	"description" text NOT NULL,
	"amount" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"oid" text,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"amount" integer NOT NULL,
	"attempted" boolean DEFAULT false NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"next_payment_attempt" timestamp with time zone,
	"receipt_number" text,
	"billing_month" text,
	"idempotency_key" text NOT NULL,
	"payment_charge_id" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" text PRIMARY KEY NOT NULL,
	"uid" text,
	"name" text NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"additional_emails" text DEFAULT '' NOT NULL,
	"address_name" text,
	"line1" text DEFAULT '' NOT NULL,
	"line2" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'US' NOT NULL,
	"formatted_address" text,
	"google_places_id" text,
	"latitude" real,
	"longitude" real,
	"location_id_numeric" bigint GENERATED ALWAYS AS IDENTITY (sequence name "locations_location_id_numeric_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_locations" (
	"oid" text NOT NULL,
	"location_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_locations_oid_location_id_pk" PRIMARY KEY("oid","location_id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"order_number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "orders_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10001 CACHE 1),
	"uid" text,
	"brand_id" text NOT NULL,
	"status" text DEFAULT 'CART' NOT NULL,
	"service_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"referral_code" text,
	"order_date" timestamp with time zone,
	"amount" integer,
	"payment_charge_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_emails" (
	"id" text PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaires" (
	"id" text PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"industry_id" text NOT NULL,
	"title" text NOT NULL,
	"type" text DEFAULT 'mysteryShop' NOT NULL,
	"sample_link" text,
	"minimum_reimbursement" integer DEFAULT 0 NOT NULL,
	"show_reimbursement" boolean DEFAULT true NOT NULL,
	"months_purchased" integer DEFAULT 1 NOT NULL,
	"startup_cost" integer DEFAULT 0 NOT NULL,
	"cost" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"is_custom" boolean DEFAULT false NOT NULL,
	"form_id" text,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"user_agent" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"id" text PRIMARY KEY NOT NULL,
	"uid" text,
	"oid" text NOT NULL,
	"location_id" text NOT NULL,
	"qid" text NOT NULL,
	"uqid" text NOT NULL,
	"status" text DEFAULT 'cart' NOT NULL,
	"recurring" boolean DEFAULT false NOT NULL,
	"reimbursement" integer DEFAULT 0 NOT NULL,
	"cost" integer DEFAULT 0 NOT NULL,
	"start_date" date NOT NULL,
	"total_quantity" integer DEFAULT 1 NOT NULL,
	"frequency_period" text DEFAULT 'month' NOT NULL,
	"frequency_quantity" integer DEFAULT 1 NOT NULL,
	"paid_through" date,
	"questionnaire_title" text NOT NULL,
	"questionnaire_type" text NOT NULL,
	"stripe_invoice_item_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_links" (
	"id" text PRIMARY KEY NOT NULL,
	"uqid" text NOT NULL,
	"shop_id" text,
	"location_id" text NOT NULL,
	"survey_code" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_payment_cards" (
	"token" text PRIMARY KEY NOT NULL,
	"customer_id" text,
	"number_last4" text NOT NULL,
	"brand" text NOT NULL,
	"expire_month" integer NOT NULL,
	"expire_year" integer NOT NULL,
	"behaviour" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_payment_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"card_token" text NOT NULL,
	"amount" integer NOT NULL,
	"description" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_questionnaires" (
	"id" text PRIMARY KEY NOT NULL,
	"oid" text NOT NULL,
	"uid" text,
	"qid" text NOT NULL,
	"custom_upload" jsonb,
	"custom_questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"additional_comments" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"business_name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"additional_emails" text DEFAULT '' NOT NULL,
	"admin" boolean DEFAULT false NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"associated_brand_id" text,
	"email_preferences" jsonb DEFAULT '{"receiveMarketing":true,"receiveShopScheduled":true,"receiveShopQA":true,"receiveShopComplete":true,"receiveSurveyComplete":true,"receiveAsDigest":false}'::jsonb NOT NULL,
	"payment_card" jsonb,
	"payment_customer_id" text,
	"gender" text,
	"birth_year" integer,
	"city" text,
	"state" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"uqid" text NOT NULL,
	"location_id" text NOT NULL,
	"cycle_start" date NOT NULL,
	"sequence" integer NOT NULL,
	"due_date" date NOT NULL,
	"status" integer DEFAULT 10000 NOT NULL,
	"shopper_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_survey_link_id_survey_links_id_fk" FOREIGN KEY ("survey_link_id") REFERENCES "public"."survey_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_form_version_id_form_versions_id_fk" FOREIGN KEY ("form_version_id") REFERENCES "public"."form_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "industries" ADD CONSTRAINT "industries_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_uid_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_oid_orders_id_fk" FOREIGN KEY ("oid") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_uid_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_locations" ADD CONSTRAINT "order_locations_oid_orders_id_fk" FOREIGN KEY ("oid") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_locations" ADD CONSTRAINT "order_locations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_uid_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_uid_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_oid_orders_id_fk" FOREIGN KEY ("oid") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_qid_questionnaires_id_fk" FOREIGN KEY ("qid") REFERENCES "public"."questionnaires"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_uqid_user_questionnaires_id_fk" FOREIGN KEY ("uqid") REFERENCES "public"."user_questionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_links" ADD CONSTRAINT "survey_links_uqid_user_questionnaires_id_fk" FOREIGN KEY ("uqid") REFERENCES "public"."user_questionnaires"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_links" ADD CONSTRAINT "survey_links_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_links" ADD CONSTRAINT "survey_links_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_questionnaires" ADD CONSTRAINT "user_questionnaires_oid_orders_id_fk" FOREIGN KEY ("oid") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_questionnaires" ADD CONSTRAINT "user_questionnaires_uid_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_questionnaires" ADD CONSTRAINT "user_questionnaires_qid_questionnaires_id_fk" FOREIGN KEY ("qid") REFERENCES "public"."questionnaires"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_associated_brand_id_brands_id_fk" FOREIGN KEY ("associated_brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_uqid_user_questionnaires_id_fk" FOREIGN KEY ("uqid") REFERENCES "public"."user_questionnaires"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_shopper_id_users_id_fk" FOREIGN KEY ("shopper_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brands_short_name_uq" ON "brands" USING btree (lower("short_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "brands_subdomain_uq" ON "brands" USING btree (lower("subdomain"));--> statement-breakpoint
CREATE UNIQUE INDEX "brands_custom_domain_uq" ON "brands" USING btree (lower("custom_domain"));--> statement-breakpoint
CREATE UNIQUE INDEX "brands_entry_path_uq" ON "brands" USING btree (lower("entry_path"));--> statement-breakpoint
CREATE UNIQUE INDEX "brands_one_default_uq" ON "brands" USING btree ("is_default") WHERE "brands"."is_default";--> statement-breakpoint
CREATE INDEX "evaluations_visit_idx" ON "evaluations" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "evaluations_survey_link_idx" ON "evaluations" USING btree ("survey_link_id");--> statement-breakpoint
CREATE UNIQUE INDEX "form_versions_form_version_uq" ON "form_versions" USING btree ("form_id","version");--> statement-breakpoint
CREATE INDEX "industries_brand_idx" ON "industries" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_idempotency_uq" ON "invoices" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_uid_month_uq" ON "invoices" USING btree ("uid","billing_month");--> statement-breakpoint
CREATE INDEX "invoices_uid_date_idx" ON "invoices" USING btree ("uid","date");--> statement-breakpoint
CREATE INDEX "locations_uid_idx" ON "locations" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "locations_state_city_idx" ON "locations" USING btree ("state","city");--> statement-breakpoint
CREATE INDEX "login_attempts_key_time_idx" ON "login_attempts" USING btree ("key","created_at");--> statement-breakpoint
CREATE INDEX "order_locations_location_idx" ON "order_locations" USING btree ("location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_number_uq" ON "orders" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "orders_uid_status_idx" ON "orders" USING btree ("uid","status","order_date");--> statement-breakpoint
CREATE INDEX "orders_status_date_idx" ON "orders" USING btree ("status","order_date");--> statement-breakpoint
CREATE INDEX "outbox_emails_created_idx" ON "outbox_emails" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_token_hash_uq" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "questionnaires_industry_idx" ON "questionnaires" USING btree ("industry_id");--> statement-breakpoint
CREATE INDEX "questionnaires_brand_idx" ON "questionnaires" USING btree ("brand_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "shops_oid_idx" ON "shops" USING btree ("oid");--> statement-breakpoint
CREATE INDEX "shops_uid_status_idx" ON "shops" USING btree ("uid","status");--> statement-breakpoint
CREATE INDEX "shops_location_idx" ON "shops" USING btree ("location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_links_code_uq" ON "survey_links" USING btree ("survey_code");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_links_uq_loc_uq" ON "survey_links" USING btree ("uqid","location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_payment_charges_idem_uq" ON "test_payment_charges" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "user_questionnaires_oid_idx" ON "user_questionnaires" USING btree ("oid");--> statement-breakpoint
CREATE UNIQUE INDEX "user_questionnaires_oid_qid_uq" ON "user_questionnaires" USING btree ("oid","qid");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree ("last_name","first_name");--> statement-breakpoint
CREATE INDEX "users_business_idx" ON "users" USING btree ("business_name");--> statement-breakpoint
CREATE UNIQUE INDEX "visits_shop_cycle_seq_uq" ON "visits" USING btree ("shop_id","cycle_start","sequence");--> statement-breakpoint
CREATE INDEX "visits_status_due_idx" ON "visits" USING btree ("status","due_date");