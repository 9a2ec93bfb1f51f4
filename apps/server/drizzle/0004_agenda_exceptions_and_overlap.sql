CREATE TYPE "public"."agenda_exception_kind" AS ENUM('off', 'extra');--> statement-breakpoint
CREATE TABLE "doctor_agenda_exceptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"doctor_id" uuid NOT NULL,
	"kind" "agenda_exception_kind" NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"start_time" time,
	"end_time" time,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "doctor_agenda_exceptions_dates_check" CHECK ("doctor_agenda_exceptions"."end_date" >= "doctor_agenda_exceptions"."start_date"),
	CONSTRAINT "doctor_agenda_exceptions_kind_check" CHECK (("doctor_agenda_exceptions"."kind" = 'off' and "doctor_agenda_exceptions"."start_time" is null and "doctor_agenda_exceptions"."end_time" is null) or ("doctor_agenda_exceptions"."kind" = 'extra' and "doctor_agenda_exceptions"."start_date" = "doctor_agenda_exceptions"."end_date" and "doctor_agenda_exceptions"."start_time" is not null and "doctor_agenda_exceptions"."end_time" > "doctor_agenda_exceptions"."start_time"))
);
--> statement-breakpoint
DROP INDEX "doctor_availability_start_key";--> statement-breakpoint
DROP INDEX "doctor_patients_last_idx";--> statement-breakpoint
ALTER TABLE "doctor_agenda_exceptions" ADD CONSTRAINT "doctor_agenda_exceptions_doctor_id_doctor_profiles_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctor_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "doctor_agenda_exceptions_doctor_idx" ON "doctor_agenda_exceptions" USING btree ("doctor_id","end_date");--> statement-breakpoint
CREATE INDEX "doctor_availability_doctor_idx" ON "doctor_availability" USING btree ("doctor_id","day_of_week","start_time");--> statement-breakpoint
CREATE INDEX "doctor_patients_doctor_created_idx" ON "doctor_patients" USING btree ("doctor_id","created_at");--> statement-breakpoint
ALTER TABLE "doctor_patients" DROP COLUMN "last_consultation_date";--> statement-breakpoint
-- Two windows of one doctor on one weekday never overlap, active or not (adjacent ones may touch).
ALTER TABLE "doctor_availability" ADD CONSTRAINT "doctor_availability_no_overlap" EXCLUDE USING gist ("doctor_id" WITH =, "day_of_week" WITH =, tsrange(date '2000-01-01' + "start_time", date '2000-01-01' + "end_time") WITH &&);--> statement-breakpoint
-- Days off and vacations of one doctor never overlap each other.
ALTER TABLE "doctor_agenda_exceptions" ADD CONSTRAINT "doctor_agenda_exceptions_off_overlap" EXCLUDE USING gist ("doctor_id" WITH =, daterange("start_date", "end_date", '[]') WITH &&) WHERE ("kind" = 'off');--> statement-breakpoint
-- Extra hours on one date never overlap each other.
ALTER TABLE "doctor_agenda_exceptions" ADD CONSTRAINT "doctor_agenda_exceptions_extra_overlap" EXCLUDE USING gist ("doctor_id" WITH =, tsrange("start_date" + "start_time", "start_date" + "end_time") WITH &&) WHERE ("kind" = 'extra');
