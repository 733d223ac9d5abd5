CREATE TABLE "sale_totals_everywhere" (
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"count" integer NOT NULL,
	"price" numeric NOT NULL,
	"paid_total" numeric NOT NULL,
	"remaining" numeric NOT NULL,
	"amount_overdue" numeric NOT NULL,
	CONSTRAINT "sale_totals_everywhere_currency_status_pk" PRIMARY KEY("currency","status")
);
--> statement-breakpoint
-- the sums already kept
INSERT INTO "sale_totals_everywhere"
SELECT currency, status, sum(count), sum(price), sum(paid_total), sum(remaining), sum(amount_overdue)
FROM "sale_totals"
GROUP BY 1, 2
HAVING sum(count) <> 0;
--> statement-breakpoint
-- emptying sales empties these sums too (sale_totals_changed empties the others)
CREATE FUNCTION "sale_totals_everywhere_emptied"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sale_totals_everywhere;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sale_totals_everywhere_truncated" AFTER TRUNCATE ON "sales"
  FOR EACH STATEMENT EXECUTE FUNCTION "sale_totals_everywhere_emptied"();
