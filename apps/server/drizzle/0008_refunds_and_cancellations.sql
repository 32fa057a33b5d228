-- Refunds with their idempotency keys, the cancelled status, what each order took from the stock, and the
-- refunded paise per order and per day (decision 025).
CREATE TYPE "public"."refund_status" AS ENUM('requested', 'pending', 'processed', 'failed');--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'cancelled';--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"razorpay_payment_id" text NOT NULL,
	"razorpay_refund_id" text,
	"amount_paise" bigint NOT NULL,
	"status" "refund_status" DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"cancellation" boolean DEFAULT false NOT NULL,
	"idempotency_key" text,
	"created_by" uuid,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_day_stats" ADD COLUMN "refunded_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "stock_taken" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_razorpay_refund_key" ON "refunds" USING btree ("razorpay_refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_key" ON "refunds" USING btree ("order_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "checkouts_pending_idx" ON "checkouts" USING btree ("created_at") WHERE "checkouts"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_within_amount" CHECK ("orders"."refunded_paise" >= 0 AND "orders"."refunded_paise" <= "orders"."amount_paise");--> statement-breakpoint
-- Refunds, cancellations and the reconciliation sweep (decision 025). The per-day totals now keep what was refunded
-- as well, so that revenue net of refunds is read from a few rows like the rest of the stats.
DROP TRIGGER "orders_day_stats" ON "orders";--> statement-breakpoint
DROP FUNCTION order_day_stats_add(timestamptz, order_status, bigint, integer);--> statement-breakpoint
CREATE FUNCTION order_day_stats_add(p_created timestamptz, p_status order_status, p_amount bigint, p_refunded bigint, p_sign integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_day_stats AS s (day, status, orders, amount_paise, refunded_paise)
  VALUES ((p_created AT TIME ZONE 'Asia/Kolkata')::date, p_status, p_sign, p_sign * p_amount, p_sign * p_refunded)
  ON CONFLICT (day, status) DO UPDATE
    SET orders = s.orders + excluded.orders,
        amount_paise = s.amount_paise + excluded.amount_paise,
        refunded_paise = s.refunded_paise + excluded.refunded_paise;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_keep_day_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM order_day_stats;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM order_day_stats_add(OLD.created_at, OLD.status, OLD.amount_paise, OLD.refunded_paise, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM order_day_stats_add(NEW.created_at, NEW.status, NEW.amount_paise, NEW.refunded_paise, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_day_stats AFTER INSERT OR DELETE OR UPDATE OF created_at, status, amount_paise, refunded_paise ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_keep_day_stats();
