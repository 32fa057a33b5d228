-- Money after the sale (docs/decisions to come with the refunds): copies in stock per book (null: not tracked), an
-- order paid for after its book ran out is marked backordered, and the built-in sandbox keeps refunds as Razorpay does.
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"receipt" text,
	"notes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "stock" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "backordered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_payment_id_sandbox_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."sandbox_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_refunds_payment_idx" ON "sandbox_refunds" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_stock_not_negative" CHECK ("books"."stock" >= 0);