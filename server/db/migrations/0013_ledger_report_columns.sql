ALTER TABLE "installments" ADD COLUMN "paid_on_time" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "in_gel" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "in_usd" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "in_eur" numeric(14, 2);--> statement-breakpoint
-- what the ledger's settle writes from now on (saleLedger/ledger.ts), for the installments already there: the sale's
-- counted payments up to the due date (a payment on the due day counts) cover the installment and every one before it
UPDATE "installments" AS i SET "paid_on_time" = true
FROM (
  SELECT x.id, sum(x.change) OVER (PARTITION BY x.sale_id ORDER BY x.day, x.seq ROWS UNBOUNDED PRECEDING) AS balance
  FROM (
    SELECT j.id, j.sale_id, j.due_date AS day, j.number + 1 AS seq, -j.amount AS change FROM "installments" j
    UNION ALL
    SELECT NULL, p.sale_id, p.paid_on, 0, p.credited FROM "payments" p WHERE p.mode = 'sale' AND p.voided_at IS NULL
  ) x
) w
WHERE i.id = w.id AND w.balance >= 0;--> statement-breakpoint
-- the payments already there in each currency of presentation (saleLedger/converted.ts): as received, as credited
-- to the sale, else at the stored rates of the payment's day (the last on or before it, else the first after it)
UPDATE "payments" AS p SET "in_gel" = c.in_gel, "in_usd" = c.in_usd, "in_eur" = c.in_eur
FROM (
  SELECT q.id,
    CASE WHEN q.currency = 'GEL' THEN q.amount WHEN s.currency = 'GEL' THEN q.credited
      ELSE round(q.amount * d.pay / 1, 2) END AS in_gel,
    CASE WHEN q.currency = 'USD' THEN q.amount WHEN s.currency = 'USD' THEN q.credited
      ELSE round(q.amount * d.pay / d.usd, 2) END AS in_usd,
    CASE WHEN q.currency = 'EUR' THEN q.amount WHEN s.currency = 'EUR' THEN q.credited
      ELSE round(q.amount * d.pay / d.eur, 2) END AS in_eur
  FROM "payments" q
  JOIN "sales" s ON s.id = q.sale_id
  CROSS JOIN LATERAL (
    SELECT
      CASE WHEN q.currency = 'GEL' THEN 1::numeric ELSE coalesce(
        (SELECT r.rate FROM currency_rates r WHERE r.currency = q.currency AND r.date <= q.paid_on ORDER BY r.date DESC LIMIT 1),
        (SELECT r.rate FROM currency_rates r WHERE r.currency = q.currency AND r.date > q.paid_on ORDER BY r.date LIMIT 1)) END AS pay,
      coalesce(
        (SELECT r.rate FROM currency_rates r WHERE r.currency = 'USD' AND r.date <= q.paid_on ORDER BY r.date DESC LIMIT 1),
        (SELECT r.rate FROM currency_rates r WHERE r.currency = 'USD' AND r.date > q.paid_on ORDER BY r.date LIMIT 1)) AS usd,
      coalesce(
        (SELECT r.rate FROM currency_rates r WHERE r.currency = 'EUR' AND r.date <= q.paid_on ORDER BY r.date DESC LIMIT 1),
        (SELECT r.rate FROM currency_rates r WHERE r.currency = 'EUR' AND r.date > q.paid_on ORDER BY r.date LIMIT 1)) AS eur
  ) d
) c
WHERE p.id = c.id;
