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
-- emptying sales empties both levels of the kept sums
CREATE OR REPLACE FUNCTION "sale_totals_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM sale_total_changes;
    DELETE FROM sale_totals;
    DELETE FROM sale_totals_everywhere;
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
