-- Appointments are written by every booking, payment, call and completion, many at once. Their
-- statement trigger raised the public catalogue's version row in the middle of each transaction, so
-- every such transaction held that one row's lock until it committed and they ran one after another
-- (decision 145). The raise now waits for the commit (a deferred constraint trigger) and happens
-- once per transaction: the row is held only while committing, and what readers see is unchanged —
-- the new version is visible exactly when the change is.
CREATE FUNCTION "bump_public_catalog_version_once"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('pulsa.public_catalog_raised', true) IS DISTINCT FROM 'on' THEN
    PERFORM set_config('pulsa.public_catalog_raised', 'on', true);
    INSERT INTO "public_content_versions" AS v ("name", "version") VALUES ('catalog', 2)
      ON CONFLICT ("name") DO UPDATE SET "version" = v."version" + 1;
    PERFORM pg_notify('public_content', 'catalog');
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- contract: no release's code names this trigger (only the database fires it), so none uses it since 0010, which made it; the deferred trigger below, made in the same step, does its work.
DROP TRIGGER "appointments_public_catalog" ON "appointments";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "appointments_public_catalog" AFTER INSERT OR UPDATE OR DELETE ON "appointments"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_public_catalog_version_once"();--> statement-breakpoint
-- A constraint trigger cannot follow TRUNCATE: that one keeps the statement trigger.
CREATE TRIGGER "appointments_public_catalog_truncate" AFTER TRUNCATE ON "appointments"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_catalog_version"();
