CREATE TABLE "sign_in_code_failures" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"wrong_codes" smallint DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sign_in_code_failures" ADD CONSTRAINT "sign_in_code_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- one live reset link per user: an older link still unused dies with the newer one
DELETE FROM "password_resets" p WHERE p."used_at" IS NULL AND EXISTS (
	SELECT 1 FROM "password_resets" q WHERE q."user_id" = p."user_id" AND q."used_at" IS NULL AND q."id" > p."id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_live_idx" ON "password_resets" USING btree ("user_id") WHERE "password_resets"."used_at" is null;