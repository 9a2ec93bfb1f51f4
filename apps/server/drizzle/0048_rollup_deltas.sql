ALTER TABLE "appointment_daily" DROP CONSTRAINT "appointment_daily_key";--> statement-breakpoint
ALTER TABLE "ledger_daily" DROP CONSTRAINT "ledger_daily_day_account_pk";--> statement-breakpoint
CREATE INDEX "appointment_daily_key_idx" ON "appointment_daily" USING btree ("day","specialty_id","status","canceled_by");--> statement-breakpoint
CREATE INDEX "ledger_daily_day_account_idx" ON "ledger_daily" USING btree ("day","account");--> statement-breakpoint
-- The roll-ups become append-only (decision 130). Upserting today's few rows inside every payment,
-- refund, acceptance and booking made concurrent money transactions wait on each other and, taken
-- in different orders, deadlock. Now a posting or a status change only appends rows of its own;
-- readers sum every row of a key, and rollups_fold() merges a key's rows into one, away from the
-- money path.
CREATE OR REPLACE FUNCTION "ledger_daily_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ledger_daily" ("day", "account", "amount")
  SELECT (e.effective_at AT TIME ZONE 'America/Sao_Paulo')::date, e.account, sum(e.amount)
  FROM new_entries e
  GROUP BY 1, 2;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "appointment_daily_add"(a_day date, a_doctor uuid, a_status "appointment_status",
  a_canceled_by "appointment_actor", a_count integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "appointment_daily" ("day", "specialty_id", "status", "canceled_by", "count")
  SELECT a_day, dp.specialty_id, a_status, a_canceled_by, a_count FROM "doctor_profiles" dp WHERE dp.id = a_doctor;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "appointment_daily_specialty_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "appointment_daily" ("day", "specialty_id", "status", "canceled_by", "count")
  SELECT g.day, v.specialty_id, g.status, g.canceled_by, v.n
  FROM (
    SELECT (a.starts_at AT TIME ZONE 'America/Sao_Paulo')::date AS day, a.status, a.canceled_by, count(*)::integer AS c
    FROM "appointments" a
    WHERE a.doctor_id = NEW.id AND a.requested_at IS NOT NULL
    GROUP BY 1, 2, 3
  ) g
  CROSS JOIN LATERAL (VALUES (OLD.specialty_id, -g.c), (NEW.specialty_id, g.c)) AS v(specialty_id, n);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Merges each key's rows into one (a key summing to zero leaves no row). One statement per table:
-- it deletes the rows its snapshot sees and inserts their sums, so a reader sees the table either
-- before or after, and rows appended meanwhile are left for the next fold. Nothing else ever updates
-- or deletes these rows, so a fold never waits on a money transaction nor makes one wait.
CREATE FUNCTION "rollups_fold"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH keys AS (
    SELECT "day", "account" FROM "ledger_daily" GROUP BY 1, 2 HAVING count(*) > 1
  ), gone AS (
    DELETE FROM "ledger_daily" d USING keys k
    WHERE d."day" = k."day" AND d."account" = k."account"
    RETURNING d."day", d."account", d."amount"
  )
  INSERT INTO "ledger_daily" ("day", "account", "amount")
  SELECT "day", "account", sum("amount") FROM gone GROUP BY 1, 2 HAVING sum("amount") <> 0;

  WITH keys AS (
    SELECT "day", "specialty_id", "status", "canceled_by" FROM "appointment_daily" GROUP BY 1, 2, 3, 4
    HAVING count(*) > 1
  ), gone AS (
    DELETE FROM "appointment_daily" d USING keys k
    WHERE d."day" = k."day" AND d."specialty_id" IS NOT DISTINCT FROM k."specialty_id"
      AND d."status" = k."status" AND d."canceled_by" IS NOT DISTINCT FROM k."canceled_by"
    RETURNING d."day", d."specialty_id", d."status", d."canceled_by", d."count"
  )
  INSERT INTO "appointment_daily" ("day", "specialty_id", "status", "canceled_by", "count")
  SELECT "day", "specialty_id", "status", "canceled_by", sum("count")::integer FROM gone
  GROUP BY 1, 2, 3, 4 HAVING sum("count") <> 0;
END
$$;
