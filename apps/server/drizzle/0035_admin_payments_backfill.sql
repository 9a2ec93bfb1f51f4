-- Refunds made before partial refunds existed were one whole refund per payment: they take the key a
-- whole refund by the rules uses now, so a replayed cancellation still finds it and refunds nothing.
UPDATE "refunds" SET "idempotency_key" = 'payment:' || "payment_id" || ':full' WHERE "idempotency_key" IS NULL;
