ALTER TABLE "appointments" ADD COLUMN "free_cancellation_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "reschedule_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Consultations confirmed before the terms were kept get the ones they were confirmed with.
UPDATE "appointments" SET "free_cancellation_until" = "starts_at" - interval '24 hours' WHERE "status" <> 'scheduled' AND "confirmed_at" IS NOT NULL;
