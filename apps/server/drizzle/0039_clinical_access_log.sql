CREATE TABLE "clinical_access_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"actor_id" uuid NOT NULL,
	"actor_role" text NOT NULL,
	"resource" text NOT NULL,
	"resource_id" text NOT NULL,
	"reason" text NOT NULL,
	"appointment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clinical_access_log" ADD CONSTRAINT "clinical_access_log_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_access_log" ADD CONSTRAINT "clinical_access_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinical_access_log_patient_idx" ON "clinical_access_log" USING btree ("patient_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE TRIGGER "clinical_access_log_append_only" BEFORE UPDATE OR DELETE ON "clinical_access_log"
  FOR EACH ROW EXECUTE FUNCTION "refuse_append_only_change"();
