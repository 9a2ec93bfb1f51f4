-- Every server keeps the sessions it read for a moment (decision 068): whatever changes what a
-- session read answers is announced at commit on session_reads, and every server forgets what it
-- kept. Ended sessions are already announced on live_sessions (migration 0023). Row triggers: a
-- statement that changes nothing (a sweep finding no row) announces nothing; several rows of one
-- transaction make one announcement (PostgreSQL folds identical ones).
CREATE FUNCTION notify_session_reads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_reads', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The re-authentication clock, the second factor and the remembered device (not last_seen_at).
CREATE TRIGGER session_reads_sessions AFTER UPDATE OF authenticated_at, second_factor_at, trusted_device_id, expires_at, user_id
  ON sessions FOR EACH ROW EXECUTE FUNCTION notify_session_reads();
--> statement-breakpoint
CREATE TRIGGER session_reads_users AFTER UPDATE OF email ON users
  FOR EACH ROW EXECUTE FUNCTION notify_session_reads();
--> statement-breakpoint
CREATE TRIGGER session_reads_profiles AFTER UPDATE OF full_name, profile_image_url ON user_profiles
  FOR EACH ROW EXECUTE FUNCTION notify_session_reads();
--> statement-breakpoint
CREATE TRIGGER session_reads_roles AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION notify_session_reads();
--> statement-breakpoint
CREATE TRIGGER session_reads_two_factor AFTER INSERT OR UPDATE OR DELETE ON two_factor_secrets
  FOR EACH ROW EXECUTE FUNCTION notify_session_reads();
