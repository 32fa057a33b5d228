-- A cart line remembers the name and price the customer saw, so that a price change or a deleted book is named on
-- the line (docs/decisions/016). Existing lines take their book's current name and price; the foreign key goes, so
-- that a line outlives its book and says "No longer available" instead of vanishing.
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_book_id_books_id_fk";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "seen_name" text;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "seen_price_paise" bigint;--> statement-breakpoint
UPDATE "cart_items" SET "seen_name" = "books"."name", "seen_price_paise" = "books"."price_paise"
  FROM "books" WHERE "books"."id" = "cart_items"."book_id";--> statement-breakpoint
DELETE FROM "cart_items" WHERE "seen_name" IS NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "seen_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "seen_price_paise" SET NOT NULL;
