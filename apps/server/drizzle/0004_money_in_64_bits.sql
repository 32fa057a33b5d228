-- Money in 64-bit columns: a sum of paise in a 32-bit column ends at ₹2.1 crore. order_day_stats already sums in
-- bigint (order_day_stats_add takes a bigint). PostgreSQL cannot change the type of a column named in a trigger's
-- UPDATE OF list, so the order stats trigger is dropped around the change and created again as it was; the rows of
-- orders keep their amounts, so order_day_stats stays right.
DROP TRIGGER orders_day_stats ON orders;--> statement-breakpoint
ALTER TABLE "books" ALTER COLUMN "price_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "checkouts" ALTER COLUMN "subtotal_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "checkouts" ALTER COLUMN "shipping_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "checkouts" ALTER COLUMN "amount_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "price_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "subtotal_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "shipping_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "amount_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "amount_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "sandbox_orders" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
CREATE TRIGGER orders_day_stats AFTER INSERT OR DELETE OR UPDATE OF created_at, status, amount_paise ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_keep_day_stats();
