CREATE INDEX "properties_price_idx" ON "properties" USING btree ("price");--> statement-breakpoint
CREATE INDEX "properties_price_desc_idx" ON "properties" USING btree ("price" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "properties_natural_no_idx" ON "properties" USING btree (lpad("no", 12, '0'));--> statement-breakpoint
CREATE INDEX "properties_area_idx" ON "properties" USING btree ("area");--> statement-breakpoint
CREATE INDEX "properties_floor_idx" ON "properties" USING btree ("floor");--> statement-breakpoint
CREATE INDEX "customers_personal_number_idx" ON "customers" USING btree ("personal_number");--> statement-breakpoint
CREATE INDEX "payments_amount_idx" ON "payments" USING btree ("amount","id");