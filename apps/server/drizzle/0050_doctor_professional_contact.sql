ALTER TABLE "doctor_profiles" ADD COLUMN "professional_address" text;--> statement-breakpoint
ALTER TABLE "doctor_profiles" ADD COLUMN "professional_phone" text;--> statement-breakpoint
ALTER TABLE "doctor_profiles" ADD COLUMN "rqe" text;