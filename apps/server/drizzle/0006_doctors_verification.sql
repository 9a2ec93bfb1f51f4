CREATE TYPE "public"."verification_subject" AS ENUM('doctor', 'identity', 'crm');--> statement-breakpoint
CREATE TABLE "doctor_search" (
	"doctor_id" uuid PRIMARY KEY NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doctor_verification_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"doctor_id" uuid NOT NULL,
	"subject" "verification_subject" NOT NULL,
	"document_id" uuid,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "doctor_search" ADD CONSTRAINT "doctor_search_doctor_id_doctor_profiles_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctor_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_verification_events" ADD CONSTRAINT "doctor_verification_events_doctor_id_doctor_profiles_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctor_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_verification_events" ADD CONSTRAINT "doctor_verification_events_document_id_doctor_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."doctor_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_verification_events" ADD CONSTRAINT "doctor_verification_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "doctor_search_text_trgm_idx" ON "doctor_search" USING gin ("text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "doctor_verification_events_doctor_idx" ON "doctor_verification_events" USING btree ("doctor_id","created_at");--> statement-breakpoint
CREATE FUNCTION pulsa_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(lower(coalesce(value, '')), 'áàâãäåéèêëíìîïóòôõöúùûüçñýÿ', 'aaaaaaeeeeiiiiooooouuuucnyy')
$$;
--> statement-breakpoint
CREATE FUNCTION doctor_search_refresh(target uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO doctor_search (doctor_id, text)
  SELECT d.id,
         pulsa_fold(concat_ws(' ', u.full_name, u.email, s.name,
                              coalesce(d.crm_number, '') || '/' || coalesce(d.crm_state, '')))
  FROM doctor_profiles d
  LEFT JOIN user_profiles u ON u.id = d.user_id
  LEFT JOIN specialties s ON s.id = d.specialty_id
  WHERE d.id = target
  ON CONFLICT (doctor_id) DO UPDATE SET text = excluded.text
$$;
--> statement-breakpoint
CREATE FUNCTION doctor_search_from_doctor() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM doctor_search_refresh(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER doctor_search_doctor AFTER INSERT OR UPDATE OF user_id, specialty_id, crm_number, crm_state
  ON doctor_profiles FOR EACH ROW EXECUTE FUNCTION doctor_search_from_doctor();
--> statement-breakpoint
CREATE FUNCTION doctor_search_from_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM doctor_search_refresh(d.id) FROM doctor_profiles d WHERE d.user_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER doctor_search_user AFTER UPDATE OF full_name, email ON user_profiles
  FOR EACH ROW EXECUTE FUNCTION doctor_search_from_user();
--> statement-breakpoint
CREATE FUNCTION doctor_search_from_specialty() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM doctor_search_refresh(d.id) FROM doctor_profiles d WHERE d.specialty_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER doctor_search_specialty AFTER UPDATE OF name ON specialties
  FOR EACH ROW EXECUTE FUNCTION doctor_search_from_specialty();
--> statement-breakpoint
INSERT INTO doctor_search (doctor_id, text)
SELECT d.id, pulsa_fold(concat_ws(' ', u.full_name, u.email, s.name,
                                  coalesce(d.crm_number, '') || '/' || coalesce(d.crm_state, '')))
FROM doctor_profiles d
LEFT JOIN user_profiles u ON u.id = d.user_id
LEFT JOIN specialties s ON s.id = d.specialty_id;
--> statement-breakpoint
CREATE INDEX doctor_profiles_status_created_idx ON doctor_profiles (verification_status, created_at);
--> statement-breakpoint
CREATE INDEX doctor_profiles_price_idx ON doctor_profiles (consultation_price, created_at);
--> statement-breakpoint
CREATE INDEX user_profiles_full_name_idx ON user_profiles (full_name, id);
