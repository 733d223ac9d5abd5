ALTER TABLE "activity_logs" ADD COLUMN "building_id" integer;--> statement-breakpoint
-- the complex of the record each line already written is about, as core/logComplex.ts finds it for new lines; a line
-- whose record is gone (a deleted payment, task or booking) or whose path named its kind (comments, custom field
-- values) keeps none and stays readable by every reader of the log
UPDATE "activity_logs" AS l SET "building_id" = CASE
    WHEN l.route = '/api/payments/importFromExcel' AND l.changes->>'sale_id' ~ '^[0-9]{1,9}$'
      THEN (SELECT s.building_id FROM sales s WHERE s.id = (l.changes->>'sale_id')::int)
    WHEN l.route = '/api/containers/pay' AND l.changes->>'container_id' ~ '^[0-9]{1,9}$'
      THEN (SELECT c.building_id FROM service_containers c WHERE c.id = (l.changes->>'container_id')::int)
    WHEN l.route IN ('/api/comments/:model/:model_id', '/api/custom-fields/values/:recordKind/:recordId') THEN NULL
    WHEN l.record_id IS NULL OR l.record_id !~ '^[0-9]{1,9}$' THEN NULL
    WHEN l.route = '/api/containers/deletePayment/:id' OR l.record_type = 'payments'
      THEN (SELECT s.building_id FROM payments p JOIN sales s ON s.id = p.sale_id WHERE p.id = l.record_id::int)
    WHEN l.record_type = 'sales' THEN (SELECT s.building_id FROM sales s WHERE s.id = l.record_id::int)
    WHEN l.record_type = 'containers'
      THEN (SELECT c.building_id FROM service_containers c WHERE c.id = l.record_id::int)
    WHEN l.record_type = 'invoices'
      THEN (SELECT s.building_id FROM invoices i JOIN sales s ON s.id = i.sale_id WHERE i.id = l.record_id::int)
    WHEN l.record_type = 'properties' THEN (SELECT p.building_id FROM properties p WHERE p.id = l.record_id::int)
    WHEN l.record_type = 'bookings' THEN (SELECT p.building_id FROM bookings b
      JOIN properties p ON p.id = b.property_id WHERE b.id = l.record_id::int)
    WHEN l.record_type = 'pre-sale-bookings' THEN (SELECT p.building_id FROM pre_sale_bookings b
      JOIN properties p ON p.id = b.property_id WHERE b.id = l.record_id::int)
    WHEN l.record_type = 'barter' THEN (SELECT min(p.building_id) FROM barter_properties bp
      JOIN properties p ON p.id = bp.property_id WHERE bp.barter_id = l.record_id::int)
    WHEN l.record_type = 'prices' THEN (SELECT pl.building_id FROM price_lists pl WHERE pl.id = l.record_id::int)
    WHEN l.record_type = 'buildings' THEN (SELECT b.id FROM buildings b WHERE b.id = l.record_id::int)
    WHEN l.record_type = 'bank-accounts'
      THEN (SELECT a.building_id FROM bank_accounts a WHERE a.id = l.record_id::int)
    WHEN l.record_type = 'advance-payments' THEN (SELECT p.building_id FROM advance_payments a
      JOIN properties p ON p.id = a.property_id WHERE a.id = l.record_id::int)
    WHEN l.record_type = 'tasks' THEN (SELECT t.building_id FROM tasks t WHERE t.id = l.record_id::int)
    WHEN l.record_type = 'comments' THEN (SELECT CASE c.model
        WHEN 'sale' THEN (SELECT s.building_id FROM sales s WHERE s.id = c.model_id)
        WHEN 'booking' THEN (SELECT p.building_id FROM bookings b JOIN properties p ON p.id = b.property_id
          WHERE b.id = c.model_id)
        WHEN 'pre_sale_booking' THEN (SELECT p.building_id FROM pre_sale_bookings b
          JOIN properties p ON p.id = b.property_id WHERE b.id = c.model_id)
        WHEN 'barter' THEN (SELECT min(p.building_id) FROM barter_properties bp
          JOIN properties p ON p.id = bp.property_id WHERE bp.barter_id = c.model_id)
      END FROM comments c WHERE c.id = l.record_id::int)
    WHEN l.record_type = 'notification-logs' THEN (SELECT s.building_id FROM notification_logs n
      JOIN sales s ON s.id = n.sale_id WHERE n.id = l.record_id::int)
  END
WHERE l.record_type IN ('payments', 'sales', 'containers', 'invoices', 'properties', 'bookings', 'pre-sale-bookings',
  'barter', 'prices', 'buildings', 'bank-accounts', 'advance-payments', 'tasks', 'comments', 'notification-logs');--> statement-breakpoint
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
