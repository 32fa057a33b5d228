-- Returns in steps (decision 055, amended): a return is approved, its parcel received (the desk chooses what goes
-- back to the stock), then refunded. The new statuses are not used in this migration (it runs in one transaction).
ALTER TYPE "public"."return_status" ADD VALUE 'received';--> statement-breakpoint
ALTER TYPE "public"."return_status" ADD VALUE 'refunded';--> statement-breakpoint
DROP INDEX "return_requests_one_open_key";--> statement-breakpoint
ALTER TABLE "return_request_items" ADD COLUMN "received_quantity" integer;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "received_by" uuid;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "return_requests_one_open_key" ON "return_requests" USING btree ("order_id") WHERE "return_requests"."status" <> 'declined' AND "return_requests"."refunded_at" IS NULL AND NOT ("return_requests"."kind" = 'cancel' AND "return_requests"."status" = 'approved');