CREATE TABLE "doctor_ratings" (
	"doctor_id" uuid PRIMARY KEY NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"rating_tenths" smallint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "reviews_doctor_idx";--> statement-breakpoint
DROP INDEX "reviews_moderation_idx";--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "anonymous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "moderated_by" uuid;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "doctor_reply" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "doctor_replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "doctor_ratings" ADD CONSTRAINT "doctor_ratings_doctor_id_doctor_profiles_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctor_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "doctor_ratings_rank_idx" ON "doctor_ratings" USING btree ("rating_tenths" DESC NULLS LAST,"review_count" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_moderated_by_users_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_patient_idx" ON "reviews" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "reviews_doctor_idx" ON "reviews" USING btree ("doctor_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_moderation_idx" ON "reviews" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_status_check" CHECK ("reviews"."status" in ('pending', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_rejection_reason_check" CHECK (("reviews"."status" = 'rejected') = ("reviews"."rejection_reason" is not null));--> statement-breakpoint
-- The flag becomes the state: a review approved before moderation had its screen stays approved.
UPDATE "reviews" SET "status" = 'approved' WHERE "is_approved";--> statement-breakpoint
ALTER TABLE "reviews" DROP COLUMN "is_approved";--> statement-breakpoint
INSERT INTO "doctor_ratings" ("doctor_id", "review_count", "rating_sum", "rating_tenths")
SELECT "doctor_id", count(*), sum("rating"), round(avg("rating") * 10)
FROM "reviews" WHERE "status" = 'approved' GROUP BY "doctor_id";--> statement-breakpoint
-- What the public sees of a review: its doctor's page, cards and search read it (through
-- doctor_ratings, which moderation writes in the same transaction). Only a change the public can see
-- raises the catalogue's version (decision 050): a review entering or leaving "approved", or an
-- approved one's visible fields changing (the doctor's reply). A new pending review, a rejection of a
-- pending one and admin notes leave every kept page as it is.
CREATE TRIGGER "reviews_public_catalog_insert" AFTER INSERT ON "reviews"
  FOR EACH ROW WHEN (NEW."status" = 'approved')
  EXECUTE FUNCTION "bump_public_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "reviews_public_catalog_update" AFTER UPDATE ON "reviews"
  FOR EACH ROW WHEN (
    (OLD."status" = 'approved' OR NEW."status" = 'approved')
    AND (OLD."status", OLD."rating", OLD."comment", OLD."anonymous", OLD."doctor_reply", OLD."patient_id")
      IS DISTINCT FROM (NEW."status", NEW."rating", NEW."comment", NEW."anonymous", NEW."doctor_reply", NEW."patient_id")
  )
  EXECUTE FUNCTION "bump_public_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "reviews_public_catalog_delete" AFTER DELETE ON "reviews"
  FOR EACH ROW WHEN (OLD."status" = 'approved')
  EXECUTE FUNCTION "bump_public_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "doctor_ratings_public_catalog" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "doctor_ratings"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_catalog_version"();
