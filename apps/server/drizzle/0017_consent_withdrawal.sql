DROP INDEX "consent_acceptances_user_version_key";--> statement-breakpoint
ALTER TABLE "consent_acceptances" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "consent_acceptances_user_version_key" ON "consent_acceptances" USING btree ("user_id","version") WHERE "consent_acceptances"."withdrawn_at" is null;