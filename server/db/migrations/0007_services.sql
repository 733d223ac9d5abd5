CREATE TABLE "container_installments" (
	"id" serial PRIMARY KEY NOT NULL,
	"container_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"due_date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"paid" numeric(14, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_container_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"container_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"property_id" integer,
	"quantity" numeric(12, 2) NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_containers" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"paid" numeric(14, 2) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"first_payment_date" date NOT NULL,
	"period_months" smallint DEFAULT 1 NOT NULL,
	"payments_count" smallint DEFAULT 1 NOT NULL,
	"formula" text,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"building_id" integer,
	"price" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_ka" text NOT NULL,
	"name_en" text,
	"name_ru" text,
	"unit" text DEFAULT 'unit' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "container_id" integer;--> statement-breakpoint
ALTER TABLE "container_installments" ADD CONSTRAINT "container_installments_container_id_service_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."service_containers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_container_items" ADD CONSTRAINT "service_container_items_container_id_service_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."service_containers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_container_items" ADD CONSTRAINT "service_container_items_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_container_items" ADD CONSTRAINT "service_container_items_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_containers" ADD CONSTRAINT "service_containers_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_containers" ADD CONSTRAINT "service_containers_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_containers" ADD CONSTRAINT "service_containers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_prices" ADD CONSTRAINT "service_prices_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_prices" ADD CONSTRAINT "service_prices_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "container_installments_number_unique" ON "container_installments" USING btree ("container_id","number");--> statement-breakpoint
CREATE INDEX "container_installments_unpaid_due_idx" ON "container_installments" USING btree ("due_date") WHERE "container_installments"."paid" < "container_installments"."amount";--> statement-breakpoint
CREATE INDEX "service_container_items_container_idx" ON "service_container_items" USING btree ("container_id");--> statement-breakpoint
CREATE INDEX "service_container_items_service_idx" ON "service_container_items" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "service_containers_sale_idx" ON "service_containers" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "service_containers_building_idx" ON "service_containers" USING btree ("building_id");--> statement-breakpoint
CREATE INDEX "service_prices_service_idx" ON "service_prices" USING btree ("service_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_container_id_service_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."service_containers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_container_idx" ON "payments" USING btree ("container_id") WHERE "payments"."container_id" is not null;