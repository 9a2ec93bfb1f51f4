CREATE TYPE "public"."appointment_kind" AS ENUM('booked', 'on_demand');--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "kind" "appointment_kind" DEFAULT 'booked' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "specialty_id" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "called_at" timestamp with time zone;--> statement-breakpoint
-- compatible: the column is new and null in every row the previous release writes; validated in 0055.
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE no action ON UPDATE no action NOT VALID;--> statement-breakpoint
-- Only on-demand appointments still in a queue have no doctor: the previous release writes none of
-- them, and every read of it joins the doctor, so it never meets such a row (decision 143).
-- squawk-ignore ban-drop-not-null
ALTER TABLE "appointments" ALTER COLUMN "doctor_id" DROP NOT NULL;--> statement-breakpoint
-- compatible: every row the previous release writes has its doctor (kind defaults to booked); validated in 0055.
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_doctor_check" CHECK ("appointments"."doctor_id" is not null or ("appointments"."kind" = 'on_demand' and "appointments"."status" in ('scheduled', 'canceled'))) NOT VALID;--> statement-breakpoint
-- compatible: the previous release writes only booked appointments (the kind's default); validated in 0055.
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_on_demand_specialty_check" CHECK ("appointments"."kind" = 'booked' or "appointments"."specialty_id" is not null) NOT VALID;--> statement-breakpoint
CREATE INDEX "appointments_on_demand_queue_idx" ON "appointments" USING btree ("specialty_id","requested_at") WHERE "appointments"."kind" = 'on_demand' and "appointments"."status" = 'scheduled' and "appointments"."doctor_id" is null;--> statement-breakpoint
-- compatible: covers on-demand rows only, which the previous release never writes.
CREATE UNIQUE INDEX "appointments_on_demand_one_waiting_key" ON "appointments" USING btree ("patient_id") WHERE "appointments"."kind" = 'on_demand' and "appointments"."status" = 'scheduled';--> statement-breakpoint
-- compatible: covers on-demand rows only, which the previous release never writes.
CREATE UNIQUE INDEX "appointments_on_demand_one_held_key" ON "appointments" USING btree ("doctor_id") WHERE "appointments"."kind" = 'on_demand' and "appointments"."status" in ('confirmed', 'in_progress');--> statement-breakpoint
-- An on-demand payment has no doctor until the call; the previous release writes none of them.
-- squawk-ignore ban-drop-not-null
ALTER TABLE "payments" ALTER COLUMN "doctor_id" DROP NOT NULL;--> statement-breakpoint
CREATE TABLE "on_demand_services" (
	"specialty_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"price" integer NOT NULL,
	"max_wait_minutes" integer NOT NULL,
	"capacity" integer NOT NULL,
	"consultation_minutes" integer NOT NULL,
	"hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "on_demand_services_price_check" CHECK ("on_demand_services"."price" > 0),
	CONSTRAINT "on_demand_services_wait_check" CHECK ("on_demand_services"."max_wait_minutes" > 0),
	CONSTRAINT "on_demand_services_capacity_check" CHECK ("on_demand_services"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "doctor_duty" (
	"doctor_id" uuid PRIMARY KEY NOT NULL,
	"specialty_id" uuid NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_predictions" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"specialty_id" uuid NOT NULL,
	"made_at" timestamp with time zone NOT NULL,
	"ahead" integer NOT NULL,
	"doctors_on_duty" integer NOT NULL,
	"low_minutes" integer NOT NULL,
	"high_minutes" integer NOT NULL,
	"actual_minutes" real,
	"outcome" text,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "on_demand_services" ADD CONSTRAINT "on_demand_services_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_duty" ADD CONSTRAINT "doctor_duty_doctor_id_doctor_profiles_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctor_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_duty" ADD CONSTRAINT "doctor_duty_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_predictions" ADD CONSTRAINT "queue_predictions_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_predictions" ADD CONSTRAINT "queue_predictions_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "doctor_duty_specialty_idx" ON "doctor_duty" USING btree ("specialty_id");--> statement-breakpoint
CREATE INDEX "queue_predictions_specialty_made_idx" ON "queue_predictions" USING btree ("specialty_id","made_at");
