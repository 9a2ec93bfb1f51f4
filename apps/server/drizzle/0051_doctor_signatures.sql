CREATE TABLE "signature_authorizations" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"doctor_user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"code_verifier" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signature_links" (
	"doctor_user_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"access_token" text,
	"session_expires_at" timestamp with time zone,
	"certificate_chain" jsonb NOT NULL,
	"holder" text NOT NULL,
	"issuer" text NOT NULL,
	"cert_not_after" timestamp with time zone NOT NULL,
	"chain_kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clinical_documents" ADD COLUMN "signer_cpf_masked" text;--> statement-breakpoint
ALTER TABLE "clinical_documents" ADD COLUMN "signer_issuer" text;--> statement-breakpoint
ALTER TABLE "clinical_documents" ADD COLUMN "signer_cert_not_before" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clinical_documents" ADD COLUMN "signer_cert_not_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clinical_documents" ADD COLUMN "signer_chain" text;--> statement-breakpoint
ALTER TABLE "clinical_documents" ADD COLUMN "signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signature_authorizations" ADD CONSTRAINT "signature_authorizations_doctor_user_id_users_id_fk" FOREIGN KEY ("doctor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_links" ADD CONSTRAINT "signature_links_doctor_user_id_users_id_fk" FOREIGN KEY ("doctor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "clinical_documents" DISABLE TRIGGER "clinical_documents_issued_once";--> statement-breakpoint
UPDATE "clinical_documents" SET "signed_at" = "issued_at";--> statement-breakpoint
ALTER TABLE "clinical_documents" ENABLE TRIGGER "clinical_documents_issued_once";--> statement-breakpoint
ALTER TABLE "clinical_documents" ADD CONSTRAINT "clinical_documents_signed_check" CHECK (("clinical_documents"."signer" = 'pending') = ("clinical_documents"."signed_at" is null));
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "clinical_documents_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  signing text[] := ARRAY['signer', 'signer_name', 'signer_cpf_masked', 'signer_issuer', 'signer_cert_not_before',
    'signer_cert_not_after', 'signer_chain', 'signed_at', 'storage_key', 'sha256', 'size_bytes'];
BEGIN
  -- An issued document is kept as issued: never deleted; a document waiting for its doctor's
  -- signature gets it once (decision 122); the only other change is its revocation, once.
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'clinical_documents rows are never deleted' USING ERRCODE = 'P0001';
  END IF;
  IF OLD.signer = 'pending' AND NEW.signer <> 'pending' AND OLD.revoked_at IS NULL AND NEW.revoked_at IS NULL
    AND (to_jsonb(NEW) - signing) = (to_jsonb(OLD) - signing) THEN
    RETURN NEW;
  END IF;
  IF OLD.revoked_at IS NOT NULL
    OR (to_jsonb(NEW) - 'revoked_at' - 'revoke_reason') <> (to_jsonb(OLD) - 'revoked_at' - 'revoke_reason') THEN
    RAISE EXCEPTION 'an issued clinical document only changes by its revocation, once' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END;
$$;
