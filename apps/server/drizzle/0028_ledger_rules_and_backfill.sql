-- The ledger's rules live in the database (decision 080), so no writer — a service, a script, a
-- console — can break them: a transaction's entries sum to zero and are at least two; an entry
-- carries its transaction's instant and payment; nothing written is ever updated or deleted.
CREATE FUNCTION "ledger_check_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tx uuid;
  total numeric;
  n integer;
BEGIN
  IF TG_TABLE_NAME = 'ledger_entries' THEN
    tx := NEW.transaction_id;
  ELSE
    tx := NEW.id;
  END IF;
  SELECT coalesce(sum(amount), 0), count(*) INTO total, n FROM "ledger_entries" WHERE transaction_id = tx;
  IF n < 2 OR total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % is not balanced: % entries summing to %', tx, n, total
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transaction_balanced';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Checked at commit, once every entry of the transaction is in.
CREATE CONSTRAINT TRIGGER "ledger_entries_balanced" AFTER INSERT ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_check_balanced"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_transactions_balanced" AFTER INSERT ON "ledger_transactions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_check_balanced"();
--> statement-breakpoint
CREATE FUNCTION "ledger_entry_matches_transaction"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t record;
BEGIN
  SELECT effective_at, payment_id INTO t FROM "ledger_transactions" WHERE id = NEW.transaction_id;
  IF FOUND AND (NEW.effective_at IS DISTINCT FROM t.effective_at OR NEW.payment_id IS DISTINCT FROM t.payment_id) THEN
    RAISE EXCEPTION 'ledger entry of transaction % must carry its effective_at and payment_id', NEW.transaction_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entries_match_transaction';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_match_transaction" BEFORE INSERT ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entry_matches_transaction"();
--> statement-breakpoint
CREATE FUNCTION "refuse_append_only_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation', CONSTRAINT = TG_TABLE_NAME || '_append_only';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "refuse_append_only_change"();
--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_append_only" BEFORE UPDATE OR DELETE ON "ledger_transactions"
  FOR EACH ROW EXECUTE FUNCTION "refuse_append_only_change"();
--> statement-breakpoint
CREATE TRIGGER "commission_setting_versions_append_only" BEFORE UPDATE OR DELETE ON "commission_setting_versions"
  FOR EACH ROW EXECUTE FUNCTION "refuse_append_only_change"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "refuse_append_only_change"();
--> statement-breakpoint
-- ── Backfill: the money that moved before the ledger existed ───────────────────────────────
-- Captured payments (paid_at set; a card released before capture never had money behind it).
INSERT INTO "ledger_transactions" ("kind", "source_key", "payment_id", "doctor_id", "effective_at", "memo")
  SELECT 'capture', 'capture:' || p.id, p.id, p.doctor_id, p.paid_at, 'backfill'
  FROM "payments" p
  WHERE p.paid_at IS NOT NULL AND p.status IN ('paid', 'refunded') AND p.amount > 0;
--> statement-breakpoint
INSERT INTO "ledger_entries" ("transaction_id", "account", "doctor_id", "payment_id", "effective_at", "amount")
  SELECT t.id, e.account, e.doctor_id, t.payment_id, t.effective_at, e.amount
  FROM "ledger_transactions" t
  JOIN "payments" p ON p.id = t.payment_id
  CROSS JOIN LATERAL (VALUES
    ('patient_payments', NULL::uuid, p.amount::bigint),
    ('platform_commission', NULL::uuid, -p.platform_fee::bigint),
    ('doctor_held', p.doctor_id, -p.doctor_amount::bigint)
  ) AS e(account, doctor_id, amount)
  WHERE t.kind = 'capture' AND e.amount <> 0;
--> statement-breakpoint
-- Refunds of captured payments: given back (done) or owed by PIX transfer (a boleto's). Before the
-- ledger every refund was whole, and none followed a release, so each one takes the whole split
-- back from the held share.
INSERT INTO "ledger_transactions" ("kind", "source_key", "payment_id", "doctor_id", "effective_at", "memo")
  SELECT CASE WHEN r.status = 'done' THEN 'refund' ELSE 'refund_owed' END,
         'refund:' || r.id, p.id, p.doctor_id, coalesce(r.settled_at, r.created_at), 'backfill'
  FROM "refunds" r
  JOIN "payments" p ON p.id = r.payment_id
  WHERE p.paid_at IS NOT NULL AND p.amount > 0;
--> statement-breakpoint
-- Refunded at the provider, outside Pulsa (no refund row).
INSERT INTO "ledger_transactions" ("kind", "source_key", "payment_id", "doctor_id", "effective_at", "memo")
  SELECT 'refund', 'provider-refund:' || p.id, p.id, p.doctor_id, coalesce(p.refunded_at, p.updated_at), 'backfill'
  FROM "payments" p
  WHERE p.paid_at IS NOT NULL AND p.status = 'refunded' AND p.amount > 0
    AND NOT EXISTS (SELECT 1 FROM "refunds" r WHERE r.payment_id = p.id);
--> statement-breakpoint
INSERT INTO "ledger_entries" ("transaction_id", "account", "doctor_id", "payment_id", "effective_at", "amount")
  SELECT t.id, e.account, e.doctor_id, t.payment_id, t.effective_at, e.amount
  FROM "ledger_transactions" t
  JOIN "payments" p ON p.id = t.payment_id
  CROSS JOIN LATERAL (VALUES
    (CASE WHEN t.kind = 'refund' THEN 'refunds' ELSE 'refunds_payable' END, NULL::uuid, -p.amount::bigint),
    ('platform_commission', NULL::uuid, p.platform_fee::bigint),
    ('doctor_held', p.doctor_id, p.doctor_amount::bigint)
  ) AS e(account, doctor_id, amount)
  WHERE t.kind IN ('refund', 'refund_owed') AND e.amount <> 0;
--> statement-breakpoint
-- A boleto refund owed and then transferred was recorded as done: it is the refund above.
-- Releases: a share kept (consultation held, no-show, or a late cancellation without refund) is
-- available 7 days (the default DOCTOR_SHARE_HOLD_DAYS) after the consultation ended.
INSERT INTO "ledger_transactions" ("kind", "source_key", "payment_id", "doctor_id", "effective_at", "memo")
  SELECT 'release', 'release:' || p.id, p.id, p.doctor_id,
         coalesce(
           (SELECT max(ev.created_at) FROM "appointment_events" ev
             WHERE ev.appointment_id = a.id AND ev.action IN ('completed', 'no_show', 'canceled')),
           a.updated_at
         ) + interval '7 days',
         'backfill'
  FROM "payments" p
  JOIN "appointments" a ON a.id = p.appointment_id
  WHERE p.paid_at IS NOT NULL AND p.status = 'paid' AND p.doctor_amount > 0
    AND a.status IN ('completed', 'no_show', 'canceled')
    AND NOT EXISTS (SELECT 1 FROM "refunds" r WHERE r.payment_id = p.id);
--> statement-breakpoint
INSERT INTO "ledger_entries" ("transaction_id", "account", "doctor_id", "payment_id", "effective_at", "amount")
  SELECT t.id, e.account, p.doctor_id, t.payment_id, t.effective_at, e.amount
  FROM "ledger_transactions" t
  JOIN "payments" p ON p.id = t.payment_id
  CROSS JOIN LATERAL (VALUES
    ('doctor_held', p.doctor_amount::bigint),
    ('doctor_available', -p.doctor_amount::bigint)
  ) AS e(account, amount)
  WHERE t.kind = 'release';
