CREATE INDEX "user_profiles_full_name_trgm_idx" ON "user_profiles" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_profiles_email_trgm_idx" ON "user_profiles" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_profiles_cpf_trgm_idx" ON "user_profiles" USING gin ("cpf" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_profiles_phone_trgm_idx" ON "user_profiles" USING gin ("phone" gin_trgm_ops);