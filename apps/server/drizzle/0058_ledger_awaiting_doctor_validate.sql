ALTER TABLE "ledger_entries" VALIDATE CONSTRAINT "ledger_entries_account_check";--> statement-breakpoint
ALTER TABLE "ledger_transactions" VALIDATE CONSTRAINT "ledger_transactions_kind_check";
