CREATE TABLE "agent_fee_payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bonus_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"bonus_id" integer NOT NULL,
	"percent_from" numeric(7, 2) NOT NULL,
	"percent_to" numeric(7, 2),
	"bonus_percent" numeric(5, 2),
	"fixed_amount" numeric(14, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bonus_schemas" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'individual' NOT NULL,
	"base" text DEFAULT 'signed' NOT NULL,
	"currency" text DEFAULT 'GEL' NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_targets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"month" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text DEFAULT 'GEL' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_fee_payouts" ADD CONSTRAINT "agent_fee_payouts_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_fee_payouts" ADD CONSTRAINT "agent_fee_payouts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_items" ADD CONSTRAINT "bonus_items_bonus_id_bonus_schemas_id_fk" FOREIGN KEY ("bonus_id") REFERENCES "public"."bonus_schemas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_schemas" ADD CONSTRAINT "bonus_schemas_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_targets" ADD CONSTRAINT "sale_targets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_targets" ADD CONSTRAINT "sale_targets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_fee_payouts_sale_idx" ON "agent_fee_payouts" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "bonus_items_bonus_idx" ON "bonus_items" USING btree ("bonus_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_targets_user_month_unique" ON "sale_targets" USING btree ("user_id","month") WHERE "sale_targets"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sale_targets_group_month_unique" ON "sale_targets" USING btree ("month") WHERE "sale_targets"."user_id" is null;