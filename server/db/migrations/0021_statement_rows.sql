ALTER TABLE "payments" ADD COLUMN "statement_reference" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "statement_occurrence" integer;--> statement-breakpoint
-- the identity of the statement rows imported before: their note (a file then carried no transaction id), and which of
-- the rows alike they are; so a statement imported again now finds them
UPDATE "payments" AS p SET "statement_reference" = r.reference, "statement_occurrence" = r.occurrence
FROM (
  SELECT q.id, q.reference,
    row_number() OVER (PARTITION BY q.sale_id, q.paid_on, q.amount, q.currency, q.reference ORDER BY q.id) AS occurrence
  FROM (
    SELECT id, sale_id, paid_on, amount, currency,
      'note:' || btrim(regexp_replace(coalesce(note, ''), '\s+', ' ', 'g')) AS reference
    FROM "payments" WHERE source = 'bank_statement'
  ) q
) r
WHERE r.id = p.id;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_statement_row_idx" ON "payments" USING btree ("sale_id","paid_on","amount","currency","statement_reference","statement_occurrence") WHERE "payments"."statement_reference" is not null;
