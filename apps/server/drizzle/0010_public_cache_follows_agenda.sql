-- A doctor's public page lists the next free days (the agenda's slot module): changes to the weekly
-- windows, the date exceptions and the appointments raise the public catalogue's version too.
-- Time itself (a slot passing its notice) is covered by the cache's entry age (decision 050).
CREATE TRIGGER "doctor_availability_public_catalog" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "doctor_availability"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "doctor_agenda_exceptions_public_catalog" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "doctor_agenda_exceptions"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "appointments_public_catalog" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "appointments"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_catalog_version"();
