-- A PIX paid for on-demand care arrives before any doctor takes the case (decision 143): the ledger
-- keeps it in a claim of its own, "awaiting_doctor", until the call splits it ('assignment') or a
-- refund returns it. Both checks are widened under their own names: dropped and made again in this
-- one transaction, so no write ever passes unchecked; validated in 0058. A database migrated from
-- before 0028 has that migration's backfilled postings still waiting for their deferred balance
-- check in this transaction, and PostgreSQL alters no table with pending trigger events: the checks
-- run now, and are deferred again for the rest of the transaction.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
-- contract: no release's code names this constraint (only the database checks it) since 0027, which made it.
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_check";--> statement-breakpoint
-- compatible: the accounts of every row the previous release writes are still in the list.
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_check" CHECK ("ledger_entries"."account" in ('patient_payments', 'refunds', 'payouts', 'provider_fees', 'chargebacks', 'doctor_held', 'doctor_available', 'platform_commission', 'refunds_payable', 'disputes_open', 'awaiting_doctor')) NOT VALID;--> statement-breakpoint
-- contract: no release's code names this constraint (only the database checks it) since 0027, which made it.
ALTER TABLE "ledger_transactions" DROP CONSTRAINT "ledger_transactions_kind_check";--> statement-breakpoint
-- compatible: the kinds of every row the previous release writes are still in the list.
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_kind_check" CHECK ("ledger_transactions"."kind" in ('capture', 'provider_fee', 'refund', 'refund_owed', 'refund_transfer', 'release', 'release_adjustment', 'chargeback_opened', 'chargeback_won', 'chargeback_lost', 'payout', 'payout_reversed', 'assignment')) NOT VALID;--> statement-breakpoint
SET CONSTRAINTS ALL DEFERRED;
