ALTER TABLE "sales" ADD COLUMN "amount_overdue" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- what the ledger's settle and the daily sweep write from now on (saleLedger/ledger.ts, overdueSales/recompute.ts),
-- for the sales already there, as of today in Tbilisi (the sweep on start writes it again for the server's day)
UPDATE "sales" AS s SET "amount_overdue" = l.amount
FROM (
  SELECT i.sale_id, sum(i.amount - i.paid) AS amount FROM "installments" i
  WHERE i.paid < i.amount AND i.due_date < (now() AT TIME ZONE 'Asia/Tbilisi')::date
  GROUP BY i.sale_id
) l
WHERE l.sale_id = s.id;
