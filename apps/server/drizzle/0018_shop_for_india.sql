CREATE TYPE "public"."coupon_kind" AS ENUM('percent', 'fixed');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('card', 'cod');--> statement-breakpoint
CREATE TYPE "public"."return_kind" AS ENUM('return', 'cancel');--> statement-breakpoint
CREATE TYPE "public"."return_status" AS ENUM('requested', 'approved', 'declined');--> statement-breakpoint
CREATE TABLE "bill_counters" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"financial_year" text NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seller" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"coupon_id" uuid NOT NULL,
	"checkout_id" uuid,
	"order_id" uuid,
	"customer_email" text NOT NULL,
	"discount_paise" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" "coupon_kind" NOT NULL,
	"value" integer NOT NULL,
	"min_order_paise" bigint DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"used" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_value_positive" CHECK ("coupons"."value" > 0),
	CONSTRAINT "coupons_used_within_limit" CHECK ("coupons"."used" >= 0 AND ("coupons"."max_uses" IS NULL OR "coupons"."used" <= "coupons"."max_uses"))
);
--> statement-breakpoint
CREATE TABLE "delivery_zones" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"charge_per_pair_paise" bigint NOT NULL,
	"min_days" integer NOT NULL,
	"max_days" integer NOT NULL,
	"serviceable" boolean DEFAULT true NOT NULL,
	"cod_available" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_zones_days" CHECK ("delivery_zones"."min_days" >= 0 AND "delivery_zones"."max_days" >= "delivery_zones"."min_days"),
	CONSTRAINT "delivery_zones_charge_not_negative" CHECK ("delivery_zones"."charge_per_pair_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "email_verification_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pincode_ranges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"zone_id" uuid NOT NULL,
	"from_pincode" integer NOT NULL,
	"to_pincode" integer NOT NULL,
	CONSTRAINT "pincode_ranges_valid" CHECK ("pincode_ranges"."from_pincode" BETWEEN 100000 AND 999999 AND "pincode_ranges"."to_pincode" BETWEEN "pincode_ranges"."from_pincode" AND 999999)
);
--> statement-breakpoint
CREATE TABLE "refund_items" (
	"refund_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"restocked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "refund_items_refund_id_order_item_id_pk" PRIMARY KEY("refund_id","order_item_id"),
	CONSTRAINT "refund_items_quantity_positive" CHECK ("refund_items"."quantity" > 0),
	CONSTRAINT "refund_items_restock_within" CHECK ("refund_items"."restocked" >= 0 AND "refund_items"."restocked" <= "refund_items"."quantity")
);
--> statement-breakpoint
CREATE TABLE "return_request_items" (
	"request_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"approved_quantity" integer,
	"restock" integer,
	CONSTRAINT "return_request_items_request_id_order_item_id_pk" PRIMARY KEY("request_id","order_item_id"),
	CONSTRAINT "return_request_items_quantity_positive" CHECK ("return_request_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "return_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" "return_kind" NOT NULL,
	"status" "return_status" DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"decline_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"refund_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"book_id" uuid NOT NULL,
	"language" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"locale" "site_locale" DEFAULT 'en' NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "pages" integer;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "binding" text;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "isbn" text;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "publisher" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "payment_method" "payment_method" DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "coupon_id" uuid;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "discount_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "cod_fee_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "delivery_zone_id" uuid;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "delivery_min_days" integer;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "delivery_max_days" integer;--> statement-breakpoint
ALTER TABLE "order_day_stats" ADD COLUMN "cod_due_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "refunded_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" "payment_method" DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_collected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_verification_tokens" ADD CONSTRAINT "email_verification_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pincode_ranges" ADD CONSTRAINT "pincode_ranges_zone_id_delivery_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."delivery_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_items" ADD CONSTRAINT "refund_items_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_items" ADD CONSTRAINT "refund_items_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request_items" ADD CONSTRAINT "return_request_items_request_id_return_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request_items" ADD CONSTRAINT "return_request_items_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_notifications" ADD CONSTRAINT "stock_notifications_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bills_order_key" ON "bills" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_year_seq_key" ON "bills" USING btree ("financial_year","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_number_key" ON "bills" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_checkout_key" ON "coupon_redemptions" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_customer_idx" ON "coupon_redemptions" USING btree ("coupon_id","customer_email");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_key" ON "coupons" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_zones_one_default_key" ON "delivery_zones" USING btree ("is_default") WHERE "delivery_zones"."is_default";--> statement-breakpoint
CREATE INDEX "email_verification_tokens_user_idx" ON "email_verification_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pincode_ranges_from_idx" ON "pincode_ranges" USING btree ("from_pincode","to_pincode");--> statement-breakpoint
CREATE INDEX "pincode_ranges_zone_idx" ON "pincode_ranges" USING btree ("zone_id");--> statement-breakpoint
CREATE INDEX "return_requests_order_idx" ON "return_requests" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "return_requests_status_idx" ON "return_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "return_requests_one_open_key" ON "return_requests" USING btree ("order_id") WHERE "return_requests"."status" = 'requested';--> statement-breakpoint
CREATE UNIQUE INDEX "stock_notifications_waiting_key" ON "stock_notifications" USING btree ("book_id","language","email") WHERE "stock_notifications"."notified_at" IS NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_delivery_zone_id_delivery_zones_id_fk" FOREIGN KEY ("delivery_zone_id") REFERENCES "public"."delivery_zones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_contact_email_idx" ON "orders" USING btree (lower("contact_email"));--> statement-breakpoint
-- Accounts that existed before email verification keep what they had: their orders stay theirs.
UPDATE "users" SET "email_verified_at" = "created_at" WHERE "email_verified_at" IS NULL;
--> statement-breakpoint
-- Phone numbers kept as 10 digits: '+91 98200 22222', '098200 22222' and '9820022222' are one number.
UPDATE "orders" SET "contact_phone" = right(regexp_replace("contact_phone", '\D', '', 'g'), 10)
  WHERE regexp_replace("contact_phone", '\D', '', 'g') ~ '^(91|0)?[6-9][0-9]{9}$';
--> statement-breakpoint
UPDATE "users" SET "phone" = right(regexp_replace("phone", '\D', '', 'g'), 10)
  WHERE regexp_replace("phone", '\D', '', 'g') ~ '^(91|0)?[6-9][0-9]{9}$';
--> statement-breakpoint
-- The price list's delivery, ₹50 per two books, becomes the default zone: every pincode no range names.
INSERT INTO "delivery_zones" ("id", "name", "charge_per_pair_paise", "min_days", "max_days", "is_default")
  VALUES ('01900000-0000-7000-8000-000000000001', 'Rest of India', 5000, 4, 8, true);
--> statement-breakpoint
-- Cash-on-delivery amounts count as revenue only once collected: the per-day table keeps what is still due.
CREATE OR REPLACE FUNCTION orders_keep_day_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM order_day_stats;
    RETURN NULL;
  END IF;
  -- OLD (updates, deletes) counts negatively and NEW (inserts, updates) positively, per day (India time) and status.
  INSERT INTO order_day_stats AS s (day, status, orders, amount_paise, refunded_paise, cod_due_paise)
    SELECT change.day, change.status, sum(change.orders), sum(change.amount), sum(change.refunded), sum(change.due)
    FROM (
      SELECT (OLD.created_at AT TIME ZONE 'Asia/Kolkata')::date, OLD.status, -1, -OLD.amount_paise, -OLD.refunded_paise,
          -(CASE WHEN OLD.payment_method = 'cod' AND OLD.cod_collected_at IS NULL THEN OLD.amount_paise ELSE 0 END)
        WHERE TG_OP IN ('UPDATE', 'DELETE')
      UNION ALL
      SELECT (NEW.created_at AT TIME ZONE 'Asia/Kolkata')::date, NEW.status, 1, NEW.amount_paise, NEW.refunded_paise,
          (CASE WHEN NEW.payment_method = 'cod' AND NEW.cod_collected_at IS NULL THEN NEW.amount_paise ELSE 0 END)
        WHERE TG_OP IN ('INSERT', 'UPDATE')
    ) AS change (day, status, orders, amount, refunded, due)
    GROUP BY change.day, change.status
    HAVING sum(change.orders) <> 0 OR sum(change.amount) <> 0 OR sum(change.refunded) <> 0 OR sum(change.due) <> 0
    ORDER BY change.day, change.status
  ON CONFLICT (day, status) DO UPDATE
    SET orders = s.orders + excluded.orders,
        amount_paise = s.amount_paise + excluded.amount_paise,
        refunded_paise = s.refunded_paise + excluded.refunded_paise,
        cod_due_paise = s.cod_due_paise + excluded.cod_due_paise;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER orders_day_stats ON orders;
--> statement-breakpoint
CREATE TRIGGER orders_day_stats AFTER INSERT OR DELETE OR UPDATE OF created_at, status, amount_paise, refunded_paise, payment_method, cod_collected_at ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_keep_day_stats();
