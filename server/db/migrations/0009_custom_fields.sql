CREATE TABLE "custom_field_values" (
	"field_id" integer NOT NULL,
	"record_kind" text NOT NULL,
	"record_id" integer NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_field_values_field_id_record_id_pk" PRIMARY KEY("field_id","record_id")
);
--> statement-breakpoint
CREATE TABLE "custom_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"label_ka" text NOT NULL,
	"label_en" text,
	"label_ru" text,
	"type" text NOT NULL,
	"record_kind" text NOT NULL,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_field_id_custom_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."custom_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_field_values_record_idx" ON "custom_field_values" USING btree ("record_kind","record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_fields_kind_name_idx" ON "custom_fields" USING btree ("record_kind","name");