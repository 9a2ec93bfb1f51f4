-- Daily roll-ups for the admin dashboard (decision 084), kept in the transaction of each change and
-- backfilled here. Days are read in Brazil's time, like every report.
--
-- ledger_daily: the ledger is append-only, so adding each INSERT statement's sums per (day, account)
-- keeps the roll-up equal to a direct sum. A statement trigger sums the statement's entries first
-- (a transaction's entries are one statement) and upserts in (day, account) order, so two postings
-- at once lock the same rows in the same order.
CREATE FUNCTION "ledger_daily_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ledger_daily" AS d ("day", "account", "amount")
  SELECT (e.effective_at AT TIME ZONE 'America/Sao_Paulo')::date, e.account, sum(e.amount)
  FROM new_entries e
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT ("day", "account") DO UPDATE SET "amount" = d."amount" + excluded."amount";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_daily_track" AFTER INSERT ON "ledger_entries"
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION "ledger_daily_track"();
--> statement-breakpoint
INSERT INTO "ledger_daily" ("day", "account", "amount")
SELECT (effective_at AT TIME ZONE 'America/Sao_Paulo')::date, account, sum(amount)
FROM "ledger_entries"
GROUP BY 1, 2;
--> statement-breakpoint
-- appointment_daily: requested consultations (requested_at set) per day of their start, the doctor's
-- specialty, status and canceler. A change counts −1 for the old state and +1 for the new one.
CREATE FUNCTION "appointment_daily_add"(a_day date, a_doctor uuid, a_status "appointment_status",
  a_canceled_by "appointment_actor", a_count integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "appointment_daily" AS d ("day", "specialty_id", "status", "canceled_by", "count")
  SELECT a_day, dp.specialty_id, a_status, a_canceled_by, a_count FROM "doctor_profiles" dp WHERE dp.id = a_doctor
  ON CONFLICT ON CONSTRAINT "appointment_daily_key" DO UPDATE SET "count" = d."count" + excluded."count";
$$;
--> statement-breakpoint
CREATE FUNCTION "appointment_daily_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.requested_at IS NOT NULL THEN
    PERFORM "appointment_daily_add"((OLD.starts_at AT TIME ZONE 'America/Sao_Paulo')::date, OLD.doctor_id,
      OLD.status, OLD.canceled_by, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.requested_at IS NOT NULL THEN
    PERFORM "appointment_daily_add"((NEW.starts_at AT TIME ZONE 'America/Sao_Paulo')::date, NEW.doctor_id,
      NEW.status, NEW.canceled_by, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "appointment_daily_insert" AFTER INSERT ON "appointments"
  FOR EACH ROW WHEN (NEW.requested_at IS NOT NULL) EXECUTE FUNCTION "appointment_daily_track"();
--> statement-breakpoint
CREATE TRIGGER "appointment_daily_delete" AFTER DELETE ON "appointments"
  FOR EACH ROW WHEN (OLD.requested_at IS NOT NULL) EXECUTE FUNCTION "appointment_daily_track"();
--> statement-breakpoint
CREATE TRIGGER "appointment_daily_update" AFTER UPDATE ON "appointments"
  FOR EACH ROW WHEN (
    OLD.status IS DISTINCT FROM NEW.status OR OLD.starts_at IS DISTINCT FROM NEW.starts_at
    OR OLD.requested_at IS DISTINCT FROM NEW.requested_at OR OLD.canceled_by IS DISTINCT FROM NEW.canceled_by
    OR OLD.doctor_id IS DISTINCT FROM NEW.doctor_id
  ) EXECUTE FUNCTION "appointment_daily_track"();
--> statement-breakpoint
-- A doctor who changes specialty takes their consultations' counts along, so "top specialties"
-- always equals a direct count by the doctors' current specialty.
CREATE FUNCTION "appointment_daily_specialty_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "appointment_daily" AS d ("day", "specialty_id", "status", "canceled_by", "count")
  SELECT g.day, v.specialty_id, g.status, g.canceled_by, v.n
  FROM (
    SELECT (a.starts_at AT TIME ZONE 'America/Sao_Paulo')::date AS day, a.status, a.canceled_by, count(*)::integer AS c
    FROM "appointments" a
    WHERE a.doctor_id = NEW.id AND a.requested_at IS NOT NULL
    GROUP BY 1, 2, 3
  ) g
  CROSS JOIN LATERAL (VALUES (OLD.specialty_id, -g.c), (NEW.specialty_id, g.c)) AS v(specialty_id, n)
  ON CONFLICT ON CONSTRAINT "appointment_daily_key" DO UPDATE SET "count" = d."count" + excluded."count";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "appointment_daily_specialty_moved" AFTER UPDATE OF "specialty_id" ON "doctor_profiles"
  FOR EACH ROW WHEN (OLD.specialty_id IS DISTINCT FROM NEW.specialty_id)
  EXECUTE FUNCTION "appointment_daily_specialty_moved"();
--> statement-breakpoint
INSERT INTO "appointment_daily" ("day", "specialty_id", "status", "canceled_by", "count")
SELECT (a.starts_at AT TIME ZONE 'America/Sao_Paulo')::date, dp.specialty_id, a.status, a.canceled_by, count(*)::integer
FROM "appointments" a JOIN "doctor_profiles" dp ON dp.id = a.doctor_id
WHERE a.requested_at IS NOT NULL
GROUP BY 1, 2, 3, 4;
