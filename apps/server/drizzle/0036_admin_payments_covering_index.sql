-- The admin payments list (decision 083) walks payments newest first under any filter: the index
-- carries what the filters read (status, doctor, patient), so a page and its capped count are
-- index-only walks, deep pages included. Drizzle cannot write INCLUDE, hence this hand migration.
DROP INDEX IF EXISTS "payments_created_idx";--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at" DESC, "id" DESC) INCLUDE ("status", "doctor_id", "patient_id");--> statement-breakpoint
-- Transfers still owed, by payment: the "Reembolsos a transferir" filter reads only these.
CREATE INDEX IF NOT EXISTS "refunds_awaiting_payment_idx" ON "refunds" USING btree ("payment_id") WHERE "status" = 'awaiting_transfer';
