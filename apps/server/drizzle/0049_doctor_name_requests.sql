ALTER TABLE "doctor_profiles" ADD COLUMN "requested_full_name" text;--> statement-breakpoint
ALTER TABLE "doctor_profiles" ADD COLUMN "name_requested_at" timestamp with time zone;