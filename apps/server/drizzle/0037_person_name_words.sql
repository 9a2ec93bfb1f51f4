CREATE TABLE "person_name_words" (
	"word" text NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "person_name_words_word_user_id_pk" PRIMARY KEY("word","user_id")
);
--> statement-breakpoint
ALTER TABLE "person_name_words" ADD CONSTRAINT "person_name_words_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "person_name_words_prefix_idx" ON "person_name_words" USING btree ("word" text_pattern_ops,"user_id");--> statement-breakpoint
CREATE INDEX "person_name_words_user_idx" ON "person_name_words" USING btree ("user_id");