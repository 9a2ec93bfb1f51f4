-- The words of a name as searches compare them: lower-case, Portuguese accents and ç taken off,
-- split on anything that is not a letter or a digit (decision 083). The server normalises a search
-- the same way (payments.admin.ts, nameWords).
CREATE OR REPLACE FUNCTION person_name_words_of(name text) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(DISTINCT w), '{}')
  FROM regexp_split_to_table(
    translate(lower(coalesce(name, '')), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn'),
    '[^a-z0-9]+'
  ) AS w
  WHERE w <> ''
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION person_name_words_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM person_name_words WHERE user_id = NEW.id;
  INSERT INTO person_name_words (word, user_id)
    SELECT w, NEW.id FROM unnest(person_name_words_of(NEW.full_name)) AS w
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER person_name_words_sync
  AFTER INSERT OR UPDATE OF full_name ON user_profiles
  FOR EACH ROW EXECUTE FUNCTION person_name_words_sync();--> statement-breakpoint
INSERT INTO person_name_words (word, user_id)
  SELECT w, p.id FROM user_profiles p, unnest(person_name_words_of(p.full_name)) AS w
  ON CONFLICT DO NOTHING;
