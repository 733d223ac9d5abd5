ALTER TABLE "payments" ALTER COLUMN "in_gel" SET DATA TYPE numeric(16, 2);--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "in_usd" SET DATA TYPE numeric(16, 2);--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "in_eur" SET DATA TYPE numeric(16, 2);