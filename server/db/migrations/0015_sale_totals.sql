CREATE TABLE "sale_total_changes" (
	"building_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"count" integer NOT NULL,
	"price" numeric NOT NULL,
	"paid_total" numeric NOT NULL,
	"remaining" numeric NOT NULL,
	"amount_overdue" numeric NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_totals" (
	"building_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"count" integer NOT NULL,
	"price" numeric NOT NULL,
	"paid_total" numeric NOT NULL,
	"remaining" numeric NOT NULL,
	"amount_overdue" numeric NOT NULL,
	CONSTRAINT "sale_totals_building_id_user_id_currency_status_pk" PRIMARY KEY("building_id","user_id","currency","status")
);
--> statement-breakpoint
-- What a statement on sales changed in the live sales' sums (schema/sales.ts, saleTotals): what it inserted counts,
-- what it deleted is taken away, an update does both; summed per key, and only keys whose sums changed are written
-- (a note edited writes nothing). Appended to sale_total_changes, so no write waits on another for a summed row.
CREATE FUNCTION "sale_totals_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM sale_total_changes;
    DELETE FROM sale_totals;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO sale_total_changes
    SELECT building_id, coalesce(user_id, 0), currency, status, count(*), sum(price), sum(paid_total),
      sum(greatest(price - paid_total, 0)), sum(amount_overdue)
    FROM new_rows WHERE deleted_at IS NULL
    GROUP BY 1, 2, 3, 4;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO sale_total_changes
    SELECT building_id, coalesce(user_id, 0), currency, status, -count(*), -sum(price), -sum(paid_total),
      -sum(greatest(price - paid_total, 0)), -sum(amount_overdue)
    FROM old_rows WHERE deleted_at IS NULL
    GROUP BY 1, 2, 3, 4;
  ELSE
    INSERT INTO sale_total_changes
    SELECT d.building_id, d.user_id, d.currency, d.status, sum(d.count), sum(d.price), sum(d.paid_total),
      sum(d.remaining), sum(d.amount_overdue)
    FROM (
      SELECT building_id, coalesce(user_id, 0) AS user_id, currency, status, 1 AS count, price, paid_total,
        greatest(price - paid_total, 0) AS remaining, amount_overdue
      FROM new_rows WHERE deleted_at IS NULL
      UNION ALL
      SELECT building_id, coalesce(user_id, 0), currency, status, -1, -price, -paid_total,
        -greatest(price - paid_total, 0), -amount_overdue
      FROM old_rows WHERE deleted_at IS NULL
    ) d
    GROUP BY 1, 2, 3, 4
    HAVING sum(d.count) <> 0 OR sum(d.price) <> 0 OR sum(d.paid_total) <> 0 OR sum(d.remaining) <> 0
      OR sum(d.amount_overdue) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sale_totals_inserted" AFTER INSERT ON "sales" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "sale_totals_changed"();
--> statement-breakpoint
CREATE TRIGGER "sale_totals_updated" AFTER UPDATE ON "sales" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "sale_totals_changed"();
--> statement-breakpoint
CREATE TRIGGER "sale_totals_deleted" AFTER DELETE ON "sales" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "sale_totals_changed"();
--> statement-breakpoint
CREATE TRIGGER "sale_totals_truncated" AFTER TRUNCATE ON "sales"
  FOR EACH STATEMENT EXECUTE FUNCTION "sale_totals_changed"();
--> statement-breakpoint
-- the sales already there
INSERT INTO "sale_totals"
SELECT building_id, coalesce(user_id, 0), currency, status, count(*), sum(price), sum(paid_total),
  sum(greatest(price - paid_total, 0)), sum(amount_overdue)
FROM "sales" WHERE deleted_at IS NULL
GROUP BY 1, 2, 3, 4;
