ALTER TABLE "login_failures" ADD COLUMN "next_attempt_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "files_owner_unclaimed_idx" ON "files" USING btree ("owner_id","created_at") WHERE "files"."claimed_at" is null;
--> statement-breakpoint
-- Emails are stored without the trailing dot of a fully qualified domain (normalizeEmail in
-- common/validation.ts), so "x@rt.example." signs in as "x@rt.example". An address whose
-- dotless form another account shares keeps its dot (two accounts are never merged; an admin
-- gives it another address).
UPDATE "users" AS u SET "email" = rtrim(u."email", '.')
WHERE u."email" LIKE '%.'
  AND NOT EXISTS (
    SELECT 1 FROM "users" AS other
    WHERE other."id" <> u."id" AND rtrim(other."email", '.') = rtrim(u."email", '.')
  );
