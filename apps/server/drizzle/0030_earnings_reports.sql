CREATE TABLE "appointment_daily" (
	"day" date NOT NULL,
	"specialty_id" uuid,
	"status" "appointment_status" NOT NULL,
	"canceled_by" "appointment_actor",
	"count" integer NOT NULL,
	CONSTRAINT "appointment_daily_key" UNIQUE NULLS NOT DISTINCT("day","specialty_id","status","canceled_by")
);
--> statement-breakpoint
CREATE TABLE "ledger_daily" (
	"day" date NOT NULL,
	"account" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "ledger_daily_day_account_pk" PRIMARY KEY("day","account")
);
--> statement-breakpoint
CREATE TABLE "tax_receipt_marks" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"doctor_id" uuid NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_receipt_reminders" (
	"doctor_id" uuid NOT NULL,
	"month" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_receipt_reminders_doctor_id_month_pk" PRIMARY KEY("doctor_id","month")
);
--> statement-breakpoint
ALTER TABLE "tax_receipt_marks" ADD CONSTRAINT "tax_receipt_marks_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_receipt_marks" ADD CONSTRAINT "tax_receipt_marks_doctor_id_doctor_profiles_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctor_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_receipt_reminders" ADD CONSTRAINT "tax_receipt_reminders_doctor_id_doctor_profiles_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctor_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_receipt_marks_doctor_idx" ON "tax_receipt_marks" USING btree ("doctor_id");