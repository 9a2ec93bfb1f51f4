-- Every instance closes the live sockets of a session as soon as it ends, however it ends (sign-out,
-- "Encerrar", password change or reset, an idle or expired session deleted, a deleted account): at
-- commit, a NOTIFY on live_sessions names the public ids of the sessions deleted (decision 070).
-- Batches of 100 ids keep each payload far below NOTIFY's 8,000 bytes.
CREATE FUNCTION notify_sessions_ended() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  batch text;
BEGIN
  FOR batch IN
    SELECT string_agg(public_id::text, ',')
    FROM (SELECT public_id, (row_number() OVER ()) / 100 AS chunk FROM ended) AS numbered
    GROUP BY chunk
  LOOP
    PERFORM pg_notify('live_sessions', batch);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_ended AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS ended FOR EACH STATEMENT EXECUTE FUNCTION notify_sessions_ended();
