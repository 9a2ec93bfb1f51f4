CREATE TABLE "cid10_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"display" text NOT NULL,
	"description" text NOT NULL,
	"kind" text NOT NULL,
	"sex" text,
	"version" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cid10_words" (
	"word" text NOT NULL,
	"code" text NOT NULL,
	CONSTRAINT "cid10_words_word_code_pk" PRIMARY KEY("word","code")
);
--> statement-breakpoint
CREATE TABLE "clinical_record_addenda" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"record_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"content" text NOT NULL,
	"content_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinical_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"content" text NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"content_hash" text,
	"signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinical_records_appointment_id_unique" UNIQUE("appointment_id"),
	CONSTRAINT "clinical_records_signed_check" CHECK (("clinical_records"."signed_at" is null) = ("clinical_records"."content_hash" is null))
);
--> statement-breakpoint
CREATE TABLE "record_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"doctor_id" uuid NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cid10_words" ADD CONSTRAINT "cid10_words_code_cid10_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."cid10_codes"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_record_addenda" ADD CONSTRAINT "clinical_record_addenda_record_id_clinical_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."clinical_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_record_addenda" ADD CONSTRAINT "clinical_record_addenda_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_records" ADD CONSTRAINT "clinical_records_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_records" ADD CONSTRAINT "clinical_records_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_records" ADD CONSTRAINT "clinical_records_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_shares" ADD CONSTRAINT "record_shares_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_shares" ADD CONSTRAINT "record_shares_doctor_id_doctor_profiles_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctor_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cid10_codes_code_prefix_idx" ON "cid10_codes" USING btree ("code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "cid10_words_prefix_idx" ON "cid10_words" USING btree ("word" text_pattern_ops,"code");--> statement-breakpoint
CREATE INDEX "clinical_record_addenda_record_idx" ON "clinical_record_addenda" USING btree ("record_id","created_at");--> statement-breakpoint
CREATE INDEX "clinical_records_patient_idx" ON "clinical_records" USING btree ("patient_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "clinical_records_author_pending_idx" ON "clinical_records" USING btree ("author_id") WHERE "clinical_records"."signed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "record_shares_in_force_key" ON "record_shares" USING btree ("patient_id","doctor_id") WHERE "record_shares"."revoked_at" is null;--> statement-breakpoint
CREATE FUNCTION "refuse_locked_record_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.signed_at IS NOT NULL THEN
    RAISE EXCEPTION 'clinical record % is signed and locked', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "clinical_records_locked" BEFORE UPDATE OR DELETE ON "clinical_records"
  FOR EACH ROW EXECUTE FUNCTION "refuse_locked_record_change"();--> statement-breakpoint
CREATE TRIGGER "clinical_record_addenda_append_only" BEFORE UPDATE OR DELETE ON "clinical_record_addenda"
  FOR EACH ROW EXECUTE FUNCTION "refuse_append_only_change"();
