ALTER TABLE "system_settings" ADD COLUMN "secrets" text;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "system_settings" ADD CONSTRAINT "system_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Every server keeps the platform settings in memory (modules/settings): any change is announced at
-- commit, whoever writes it, so each instance reads them again (e-mail, payment provider, maintenance).
CREATE FUNCTION "announce_system_settings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('system_settings', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "system_settings_announced" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "system_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_system_settings"();--> statement-breakpoint
-- The public pages show the platform's name, logo and maintenance banner: their shared cache follows.
CREATE TRIGGER "system_settings_public_catalog" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "system_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_catalog_version"();
