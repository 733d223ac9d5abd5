DROP INDEX "customers_name_ka_trgm";--> statement-breakpoint
DROP INDEX "customers_name_en_trgm";--> statement-breakpoint
DROP INDEX "customers_name_ru_trgm";--> statement-breakpoint
DROP INDEX "customers_personal_number_trgm";--> statement-breakpoint
DROP INDEX "customers_company_code_trgm";--> statement-breakpoint
DROP INDEX "customers_phones_trgm";--> statement-breakpoint
DROP INDEX "customers_emails_trgm";