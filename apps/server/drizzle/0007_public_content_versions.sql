CREATE TABLE "public_content_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
INSERT INTO "public_content_versions" ("name") VALUES ('catalog') ON CONFLICT DO NOTHING;--> statement-breakpoint
-- What anonymous visitors see is read from these tables; any change to them raises the version the
-- servers' public caches are keyed on (decision 050), whoever writes and on whichever instance.
CREATE FUNCTION "bump_public_catalog_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "public_content_versions" AS v ("name", "version") VALUES ('catalog', 2)
    ON CONFLICT ("name") DO UPDATE SET "version" = v."version" + 1;
  -- Delivered at commit to every server listening, which then reads the new version.
  PERFORM pg_notify('public_content', 'catalog');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "doctor_profiles_public_catalog" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "doctor_profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "specialties_public_catalog" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "specialties"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_catalog_version"();--> statement-breakpoint
-- Only the name and the photo of a person are public (and only a listed doctor's, but a trigger
-- cannot tell cheaply): other profile edits leave the pages as they are. A deleted account takes
-- its doctor profile with it, which the trigger above sees.
CREATE TRIGGER "user_profiles_public_catalog" AFTER UPDATE OF "full_name", "profile_image_url" ON "user_profiles"
  FOR EACH ROW WHEN (OLD."full_name" IS DISTINCT FROM NEW."full_name" OR OLD."profile_image_url" IS DISTINCT FROM NEW."profile_image_url")
  EXECUTE FUNCTION "bump_public_catalog_version"();
