-- Free-text search (ILIKE with a leading %) in Georgian, Latin and Cyrillic letters through trigram indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "customers_name_ka_trgm" ON "customers" USING gin ("name_ka" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_name_en_trgm" ON "customers" USING gin ("name_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_name_ru_trgm" ON "customers" USING gin ("name_ru" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_personal_number_trgm" ON "customers" USING gin ("personal_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_company_code_trgm" ON "customers" USING gin ("company_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_phones_trgm" ON "customers" USING gin (("phones"::text) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_emails_trgm" ON "customers" USING gin (("emails"::text) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sales_contract_no_trgm" ON "sales" USING gin ("contract_no" gin_trgm_ops);