CREATE TABLE "bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer NOT NULL,
	"block_id" integer,
	"bank_id" integer NOT NULL,
	"iban" text,
	"local_currency" text DEFAULT 'GEL' NOT NULL,
	"iban_usd" text,
	"iban_eur" text,
	"mediator_bank_usd" text,
	"mediator_bank_eur" text,
	"branch" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banks" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"title_en" text,
	"code" text NOT NULL,
	"iban_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banks_code_unique" UNIQUE("code"),
	CONSTRAINT "banks_iban_code_unique" UNIQUE("iban_code")
);
--> statement-breakpoint
CREATE TABLE "blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer NOT NULL,
	"name" text NOT NULL,
	"floors" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer NOT NULL,
	"block_id" integer,
	"floor_from" smallint,
	"floor_to" smallint,
	"property_id" integer,
	"price_per_m2" numeric(14, 2) NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"note" text,
	"applied_at" timestamp with time zone,
	"applied_count" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_id" integer NOT NULL,
	"block_id" integer,
	"no" text NOT NULL,
	"floor" smallint NOT NULL,
	"area" numeric(10, 2) NOT NULL,
	"rooms" smallint,
	"type" text DEFAULT 'apartment' NOT NULL,
	"state" text DEFAULT 'black_frame' NOT NULL,
	"view" text,
	"status" text DEFAULT 'free' NOT NULL,
	"price_per_m2" numeric(14, 2),
	"price" numeric(14, 2),
	"currency" text DEFAULT 'USD' NOT NULL,
	"cad_code" text,
	"description" text,
	"parent_id" integer,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_feature_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_ka" text NOT NULL,
	"name_en" text,
	"name_ru" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_feature_links" (
	"property_id" integer NOT NULL,
	"feature_id" integer NOT NULL,
	CONSTRAINT "property_feature_links_property_id_feature_id_pk" PRIMARY KEY("property_id","feature_id")
);
--> statement-breakpoint
CREATE TABLE "property_features" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer,
	"name_ka" text NOT NULL,
	"name_en" text,
	"name_ru" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "cad_code" text;--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "director" text;--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "director_pid" text;--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "manager_name" text;--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "property_states" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "notifiable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "facsimile_path" text;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_block_id_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_lists" ADD CONSTRAINT "price_lists_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_lists" ADD CONSTRAINT "price_lists_block_id_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_lists" ADD CONSTRAINT "price_lists_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_lists" ADD CONSTRAINT "price_lists_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_block_id_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."blocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_feature_links" ADD CONSTRAINT "property_feature_links_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_feature_links" ADD CONSTRAINT "property_feature_links_feature_id_property_features_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."property_features"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_features" ADD CONSTRAINT "property_features_group_id_property_feature_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."property_feature_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_accounts_building_idx" ON "bank_accounts" USING btree ("building_id");--> statement-breakpoint
CREATE INDEX "bank_accounts_bank_idx" ON "bank_accounts" USING btree ("bank_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blocks_building_name_unique" ON "blocks" USING btree ("building_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "properties_block_no_unique" ON "properties" USING btree ("building_id",coalesce("block_id", 0),"no") WHERE "properties"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "properties_board_idx" ON "properties" USING btree ("building_id","block_id","floor");--> statement-breakpoint
CREATE INDEX "properties_status_idx" ON "properties" USING btree ("status");--> statement-breakpoint
CREATE INDEX "property_feature_links_feature_idx" ON "property_feature_links" USING btree ("feature_id");--> statement-breakpoint
CREATE INDEX "buildings_name_idx" ON "buildings" USING btree ("name");