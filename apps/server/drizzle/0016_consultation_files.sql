ALTER TABLE "consultation_messages" DROP CONSTRAINT "consultation_messages_body_check";--> statement-breakpoint
ALTER TABLE "consultation_messages" ADD COLUMN "file_key" text;--> statement-breakpoint
ALTER TABLE "consultation_messages" ADD COLUMN "file_name" text;--> statement-breakpoint
ALTER TABLE "consultation_messages" ADD COLUMN "file_mime" text;--> statement-breakpoint
ALTER TABLE "consultation_messages" ADD COLUMN "file_size" integer;--> statement-breakpoint
ALTER TABLE "consultation_messages" ADD CONSTRAINT "consultation_messages_file_check" CHECK (("consultation_messages"."file_key" is null) = ("consultation_messages"."file_name" is null) and ("consultation_messages"."file_key" is null) = ("consultation_messages"."file_mime" is null) and ("consultation_messages"."file_key" is null) = ("consultation_messages"."file_size" is null));--> statement-breakpoint
ALTER TABLE "consultation_messages" ADD CONSTRAINT "consultation_messages_body_check" CHECK (length("consultation_messages"."body") <= 2000 and (length("consultation_messages"."body") >= 1 or "consultation_messages"."file_key" is not null));