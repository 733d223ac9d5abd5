CREATE TABLE "cancellation_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"days_late" integer NOT NULL,
	"amount_overdue" numeric(14, 2) NOT NULL,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currency_rates" (
	"currency" text NOT NULL,
	"date" date NOT NULL,
	"rate" numeric(12, 6) NOT NULL,
	"source" text DEFAULT 'nbg' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currency_rates_currency_date_pk" PRIMARY KEY("currency","date")
);
--> statement-breakpoint
CREATE TABLE "installments" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"due_date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"paid" numeric(14, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"installment_id" integer,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"issued_on" date NOT NULL,
	"due_date" date,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"mode" text DEFAULT 'sale' NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"rate" numeric(14, 8) DEFAULT '1' NOT NULL,
	"credited" numeric(14, 2) NOT NULL,
	"paid_on" date NOT NULL,
	"note" text,
	"source" text DEFAULT 'manual' NOT NULL,
	"voided_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_histories" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text,
	"effective_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_properties" (
	"sale_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	CONSTRAINT "sale_properties_sale_id_property_id_pk" PRIMARY KEY("sale_id","property_id")
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_no" text NOT NULL,
	"building_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"agent_id" integer,
	"agent_fee_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"minimum_income_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"agent_fee_paid_at" timestamp with time zone,
	"price" numeric(14, 2) NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"currency_rate" numeric(12, 6),
	"paid_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"contract_type" text DEFAULT 'installment' NOT NULL,
	"payment_type" text DEFAULT 'bank_transfer' NOT NULL,
	"contract_language" text DEFAULT 'ka' NOT NULL,
	"contract_start_date" date NOT NULL,
	"contract_end_date" date,
	"first_payment_date" date,
	"period_months" smallint DEFAULT 1 NOT NULL,
	"payments_count" smallint DEFAULT 1 NOT NULL,
	"formula" text,
	"activity_type" text,
	"note" text,
	"renovation_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"renovation_paid" numeric(14, 2) DEFAULT '0' NOT NULL,
	"pre_sale_booking_id" integer,
	"user_id" integer,
	"customer_change_date" date,
	"customer_change_reason" text,
	"cancellation_date" date,
	"cancellation_reason" text,
	"canceled_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cancellation_notices" ADD CONSTRAINT "cancellation_notices_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_notices" ADD CONSTRAINT "cancellation_notices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installments" ADD CONSTRAINT "installments_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_installment_id_installments_id_fk" FOREIGN KEY ("installment_id") REFERENCES "public"."installments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_histories" ADD CONSTRAINT "sale_histories_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_histories" ADD CONSTRAINT "sale_histories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_properties" ADD CONSTRAINT "sale_properties_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_properties" ADD CONSTRAINT "sale_properties_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_pre_sale_booking_id_pre_sale_bookings_id_fk" FOREIGN KEY ("pre_sale_booking_id") REFERENCES "public"."pre_sale_bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_canceled_by_users_id_fk" FOREIGN KEY ("canceled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cancellation_notices_sale_idx" ON "cancellation_notices" USING btree ("sale_id");--> statement-breakpoint
CREATE UNIQUE INDEX "installments_sale_number_unique" ON "installments" USING btree ("sale_id","number");--> statement-breakpoint
CREATE INDEX "installments_unpaid_due_idx" ON "installments" USING btree ("due_date") WHERE "installments"."paid" < "installments"."amount";--> statement-breakpoint
CREATE INDEX "invoices_sale_idx" ON "invoices" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "payments_sale_idx" ON "payments" USING btree ("sale_id","paid_on");--> statement-breakpoint
CREATE INDEX "payments_paid_on_idx" ON "payments" USING btree ("paid_on");--> statement-breakpoint
CREATE INDEX "sale_histories_sale_idx" ON "sale_histories" USING btree ("sale_id","created_at");--> statement-breakpoint
CREATE INDEX "sale_properties_property_idx" ON "sale_properties" USING btree ("property_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_contract_no_unique" ON "sales" USING btree ("contract_no") WHERE "sales"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "sales_building_idx" ON "sales" USING btree ("building_id","status");--> statement-breakpoint
CREATE INDEX "sales_customer_idx" ON "sales" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "sales_agent_idx" ON "sales" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "sales_status_idx" ON "sales" USING btree ("status");--> statement-breakpoint
CREATE INDEX "sales_user_idx" ON "sales" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sales_created_at_idx" ON "sales" USING btree ("created_at");