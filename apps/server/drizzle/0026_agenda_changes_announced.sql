-- The booking search keeps its answers for a moment on each server (decision 068): any change to
-- what decides a doctor's free slots (appointments, weekly windows, exceptions) is announced at
-- commit on agenda_changes, and every server forgets its kept searches. Profiles, names, photos
-- and specialties are announced on public_content already (migration of decision 050). Row
-- triggers: a statement that changes nothing (a sweep finding no row) announces nothing; several
-- rows of one transaction make one announcement (PostgreSQL folds identical ones).
CREATE FUNCTION notify_agenda_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('agenda_changes', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER agenda_changes_appointments AFTER INSERT OR UPDATE OR DELETE ON appointments
  FOR EACH ROW EXECUTE FUNCTION notify_agenda_changes();
--> statement-breakpoint
CREATE TRIGGER agenda_changes_windows AFTER INSERT OR UPDATE OR DELETE ON doctor_availability
  FOR EACH ROW EXECUTE FUNCTION notify_agenda_changes();
--> statement-breakpoint
CREATE TRIGGER agenda_changes_exceptions AFTER INSERT OR UPDATE OR DELETE ON doctor_agenda_exceptions
  FOR EACH ROW EXECUTE FUNCTION notify_agenda_changes();
