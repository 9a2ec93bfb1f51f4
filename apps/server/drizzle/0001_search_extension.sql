-- Trigram search for name, e-mail, CPF and phone lookups (admin and doctor lists).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
