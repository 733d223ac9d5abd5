DROP INDEX "installments_unpaid_due_idx";--> statement-breakpoint
DROP INDEX "payments_paid_on_idx";--> statement-breakpoint
CREATE INDEX "sales_price_idx" ON "sales" USING btree ("price","id") WHERE "sales"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "sales_contract_start_idx" ON "sales" USING btree ("contract_start_date","id") WHERE "sales"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "installments_unpaid_due_idx" ON "installments" USING btree ("due_date","id") WHERE "installments"."paid" < "installments"."amount";--> statement-breakpoint
CREATE INDEX "payments_paid_on_idx" ON "payments" USING btree ("paid_on","id");