CREATE TABLE "clinical_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"doctor_id" uuid NOT NULL,
	"doctor_user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"content" text NOT NULL,
	"verification_code" text NOT NULL,
	"access_code_hash" text NOT NULL,
	"doctor_name" text NOT NULL,
	"doctor_crm" text NOT NULL,
	"patient_name" text NOT NULL,
	"signer" text NOT NULL,
	"signer_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinical_documents_verification_code_unique" UNIQUE("verification_code"),
	CONSTRAINT "clinical_documents_revocation_check" CHECK (("clinical_documents"."revoked_at" is null) = ("clinical_documents"."revoke_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "clinical_documents" ADD CONSTRAINT "clinical_documents_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_documents" ADD CONSTRAINT "clinical_documents_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_documents" ADD CONSTRAINT "clinical_documents_doctor_id_doctor_profiles_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctor_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_documents" ADD CONSTRAINT "clinical_documents_doctor_user_id_users_id_fk" FOREIGN KEY ("doctor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinical_documents_appointment_idx" ON "clinical_documents" USING btree ("appointment_id","issued_at");--> statement-breakpoint
CREATE INDEX "clinical_documents_patient_idx" ON "clinical_documents" USING btree ("patient_id","issued_at");--> statement-breakpoint
CREATE FUNCTION "clinical_documents_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An issued document is kept as issued: never deleted, and the only change is its revocation, once.
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'clinical_documents rows are never deleted' USING ERRCODE = 'P0001';
  END IF;
  IF OLD.revoked_at IS NOT NULL
    OR (to_jsonb(NEW) - 'revoked_at' - 'revoke_reason') <> (to_jsonb(OLD) - 'revoked_at' - 'revoke_reason') THEN
    RAISE EXCEPTION 'an issued clinical document only changes by its revocation, once' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "clinical_documents_issued_once" BEFORE UPDATE OR DELETE ON "clinical_documents"
  FOR EACH ROW EXECUTE FUNCTION "clinical_documents_guard"();
