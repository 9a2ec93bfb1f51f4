DROP INDEX "email_outbox_pending_idx";--> statement-breakpoint
CREATE INDEX "email_outbox_pending_idx" ON "email_outbox" USING btree ("created_at") WHERE "email_outbox"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "email_outbox" DROP COLUMN "next_attempt_at";