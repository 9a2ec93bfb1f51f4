CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commission_setting_versions" (
	"setting_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"percentage_bp" integer NOT NULL,
	"specialty_id" uuid,
	"is_default" boolean NOT NULL,
	"is_active" boolean NOT NULL,
	"changed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_setting_versions_setting_id_version_pk" PRIMARY KEY("setting_id","version"),
	CONSTRAINT "commission_setting_versions_percentage_check" CHECK ("commission_setting_versions"."percentage_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transaction_id" uuid NOT NULL,
	"account" text NOT NULL,
	"doctor_id" uuid,
	"payment_id" uuid,
	"effective_at" timestamp with time zone NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount" <> 0),
	CONSTRAINT "ledger_entries_account_check" CHECK ("ledger_entries"."account" in ('patient_payments', 'refunds', 'payouts', 'provider_fees', 'chargebacks', 'doctor_held', 'doctor_available', 'platform_commission', 'refunds_payable', 'disputes_open')),
	CONSTRAINT "ledger_entries_doctor_check" CHECK (("ledger_entries"."account" in ('doctor_held', 'doctor_available', 'payouts')) = ("ledger_entries"."doctor_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"source_key" text NOT NULL,
	"payment_id" uuid,
	"doctor_id" uuid,
	"effective_at" timestamp with time zone NOT NULL,
	"memo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transactions_kind_check" CHECK ("ledger_transactions"."kind" in ('capture', 'provider_fee', 'refund', 'refund_owed', 'refund_transfer', 'release', 'release_adjustment', 'chargeback_opened', 'chargeback_won', 'chargeback_lost', 'payout', 'payout_reversed'))
);
--> statement-breakpoint
ALTER TABLE "commission_settings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "commission_setting_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "commission_version" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "commission_bp" integer;--> statement-breakpoint
-- Payments made before rules were versioned keep the percentage their split shows.
UPDATE "payments" SET "commission_bp" = CASE WHEN "amount" > 0 THEN round("platform_fee" * 10000.0 / "amount")::integer ELSE 1000 END;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "commission_bp" SET NOT NULL;--> statement-breakpoint
-- Rules written before: a default names no specialty, one active default (the newest) and one
-- active rule per specialty (the newest) remain, so the new constraints hold.
UPDATE "commission_settings" SET "is_default" = false WHERE "is_default" AND "specialty_id" IS NOT NULL;--> statement-breakpoint
UPDATE "commission_settings" c SET "is_active" = false
  WHERE c."is_default" AND c."is_active" AND EXISTS (
    SELECT 1 FROM "commission_settings" n WHERE n."is_default" AND n."is_active"
      AND (n."updated_at", n."id") > (c."updated_at", c."id"));--> statement-breakpoint
UPDATE "commission_settings" c SET "is_active" = false
  WHERE c."is_active" AND c."specialty_id" IS NOT NULL AND EXISTS (
    SELECT 1 FROM "commission_settings" n WHERE n."is_active" AND n."specialty_id" = c."specialty_id"
      AND (n."updated_at", n."id") > (c."updated_at", c."id"));--> statement-breakpoint
INSERT INTO "commission_setting_versions"
  ("setting_id", "version", "name", "percentage_bp", "specialty_id", "is_default", "is_active", "created_at")
  SELECT "id", 1, "name", "percentage_bp", "specialty_id", "is_default", "is_active", "updated_at"
  FROM "commission_settings";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_setting_versions" ADD CONSTRAINT "commission_setting_versions_setting_id_commission_settings_id_fk" FOREIGN KEY ("setting_id") REFERENCES "public"."commission_settings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_setting_versions" ADD CONSTRAINT "commission_setting_versions_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_setting_versions" ADD CONSTRAINT "commission_setting_versions_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_doctor_id_doctor_profiles_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctor_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_doctor_id_doctor_profiles_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctor_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_doctor_idx" ON "ledger_entries" USING btree ("doctor_id","account","effective_at") WHERE "ledger_entries"."doctor_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_account_effective_idx" ON "ledger_entries" USING btree ("account","effective_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_payment_idx" ON "ledger_entries" USING btree ("payment_id") WHERE "ledger_entries"."payment_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_source_key" ON "ledger_transactions" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "ledger_transactions_payment_idx" ON "ledger_transactions" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_effective_idx" ON "ledger_transactions" USING btree ("effective_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_commission_version_fk" FOREIGN KEY ("commission_setting_id","commission_version") REFERENCES "public"."commission_setting_versions"("setting_id","version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commission_settings_one_active_default_key" ON "commission_settings" USING btree ("is_default") WHERE "commission_settings"."is_default" and "commission_settings"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "commission_settings_one_active_per_specialty_key" ON "commission_settings" USING btree ("specialty_id") WHERE "commission_settings"."is_active" and "commission_settings"."specialty_id" is not null;--> statement-breakpoint
ALTER TABLE "commission_settings" ADD CONSTRAINT "commission_settings_default_scope_check" CHECK (not "commission_settings"."is_default" or "commission_settings"."specialty_id" is null);--> statement-breakpoint
ALTER TABLE "commission_settings" ADD CONSTRAINT "commission_settings_version_check" CHECK ("commission_settings"."version" >= 1);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_commission_snapshot_check" CHECK (("payments"."commission_setting_id" is null) = ("payments"."commission_version" is null) and "payments"."commission_bp" between 0 and 10000);