CREATE TABLE "payout_accounts" (
	"doctor_id" uuid PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"stripe_account_id" text,
	"pix_key_type" text,
	"pix_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_method_check" CHECK ("payout_accounts"."method" in ('stripe_connect', 'pix')),
	CONSTRAINT "payout_accounts_status_check" CHECK ("payout_accounts"."status" in ('pending', 'active')),
	CONSTRAINT "payout_accounts_details_check" CHECK (("payout_accounts"."method" = 'stripe_connect' and "payout_accounts"."stripe_account_id" is not null)
        or ("payout_accounts"."method" = 'pix' and "payout_accounts"."pix_key" is not null and "payout_accounts"."pix_key_type" is not null))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"doctor_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'in_transit' NOT NULL,
	"run_key" text NOT NULL,
	"provider_ref" text,
	"destination" text,
	"recorded_by" uuid,
	"failure_reason" text,
	"paid_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount" > 0),
	CONSTRAINT "payouts_method_check" CHECK ("payouts"."method" in ('stripe_connect', 'pix')),
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('in_transit', 'paid', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_doctor_id_doctor_profiles_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctor_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_doctor_id_doctor_profiles_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctor_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_stripe_account_key" ON "payout_accounts" USING btree ("stripe_account_id") WHERE "payout_accounts"."stripe_account_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_doctor_run_key" ON "payouts" USING btree ("doctor_id","run_key");--> statement-breakpoint
CREATE INDEX "payouts_doctor_created_idx" ON "payouts" USING btree ("doctor_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_in_transit_idx" ON "payouts" USING btree ("created_at") WHERE "payouts"."status" = 'in_transit';