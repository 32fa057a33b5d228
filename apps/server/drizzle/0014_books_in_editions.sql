CREATE TYPE "public"."book_language" AS ENUM('english', 'urdu', 'bengali', 'arabic', 'hindi');--> statement-breakpoint
CREATE TABLE "book_editions" (
	"book_id" uuid NOT NULL,
	"language" "book_language" NOT NULL,
	"stock" integer,
	"price_paise" bigint,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "book_editions_book_id_language_pk" PRIMARY KEY("book_id","language"),
	CONSTRAINT "book_editions_stock_not_negative" CHECK ("book_editions"."stock" >= 0),
	CONSTRAINT "book_editions_price_not_negative" CHECK ("book_editions"."price_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_user_id_book_id_pk";--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_book_id_selected_language_pk" PRIMARY KEY("user_id","book_id","selected_language");--> statement-breakpoint
ALTER TABLE "book_editions" ADD CONSTRAINT "book_editions_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every book so far is one English edition holding the book's stock.
INSERT INTO "book_editions" ("book_id", "language", "stock", "position")
SELECT "id", 'english', "stock", 0 FROM "books";
--> statement-breakpoint
-- `books.stock` is the sum of the editions' stock, null when one of them is not tracked (or the book has none):
-- the lists read "Out of stock" from the book row. Kept in the transaction of every edition write.
CREATE FUNCTION "book_stock_from_editions"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  affected uuid;
BEGIN
  affected := CASE WHEN TG_OP = 'DELETE' THEN OLD."book_id" ELSE NEW."book_id" END;
  UPDATE "books" SET "stock" = (
    SELECT CASE WHEN count(*) = 0 OR bool_or(e."stock" IS NULL) THEN NULL ELSE sum(e."stock")::integer END
    FROM "book_editions" e WHERE e."book_id" = affected
  )
  WHERE "id" = affected;
  IF TG_OP = 'UPDATE' AND OLD."book_id" <> NEW."book_id" THEN
    UPDATE "books" SET "stock" = (
      SELECT CASE WHEN count(*) = 0 OR bool_or(e."stock" IS NULL) THEN NULL ELSE sum(e."stock")::integer END
      FROM "book_editions" e WHERE e."book_id" = OLD."book_id"
    )
    WHERE "id" = OLD."book_id";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "book_editions_stock" AFTER INSERT OR UPDATE OR DELETE ON "book_editions"
FOR EACH ROW EXECUTE FUNCTION "book_stock_from_editions"();
