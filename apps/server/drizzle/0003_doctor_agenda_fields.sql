ALTER TABLE "doctor_profiles" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "doctor_profiles" ADD COLUMN "min_notice_minutes" smallint DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "doctor_profiles" ADD COLUMN "booking_horizon_days" smallint DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "doctor_profiles" ADD CONSTRAINT "doctor_profiles_slug_unique" UNIQUE("slug");--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;
