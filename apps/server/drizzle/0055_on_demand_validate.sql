ALTER TABLE "appointments" VALIDATE CONSTRAINT "appointments_specialty_id_specialties_id_fk";--> statement-breakpoint
ALTER TABLE "appointments" VALIDATE CONSTRAINT "appointments_doctor_check";--> statement-breakpoint
ALTER TABLE "appointments" VALIDATE CONSTRAINT "appointments_on_demand_specialty_check";
