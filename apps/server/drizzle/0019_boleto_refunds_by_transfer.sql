ALTER TABLE "refunds" ADD COLUMN "status" text DEFAULT 'done' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "refunds_awaiting_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" = 'awaiting_transfer';--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('done', 'awaiting_transfer'));--> statement-breakpoint
-- Refunds made before this migration went back through the provider when they were recorded.
UPDATE "refunds" SET "settled_at" = "created_at" WHERE "settled_at" IS NULL;
