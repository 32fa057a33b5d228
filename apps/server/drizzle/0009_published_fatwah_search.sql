CREATE TABLE "published_fatwah_search" (
	"id" uuid PRIMARY KEY NOT NULL,
	"published_at" timestamp with time zone,
	"search" "tsvector" NOT NULL,
	"categories" text[] NOT NULL
);
--> statement-breakpoint
CREATE INDEX "published_fatwah_search_idx" ON "published_fatwah_search" USING gin ("search");--> statement-breakpoint
-- Kept with every fatwah write: a published fatwah has its row here, any other none.
CREATE FUNCTION fatwahs_keep_published_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM published_fatwah_search;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM published_fatwah_search WHERE id = OLD.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'published' THEN
    INSERT INTO published_fatwah_search (id, published_at, search, categories)
      VALUES (NEW.id, NEW.published_at, NEW.search, NEW.categories);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER fatwahs_published_search
  AFTER INSERT OR DELETE OR UPDATE OF id, question, answer, status, published_at, categories ON fatwahs
  FOR EACH ROW EXECUTE FUNCTION fatwahs_keep_published_search();
--> statement-breakpoint
CREATE TRIGGER fatwahs_published_search_truncate AFTER TRUNCATE ON fatwahs
  FOR EACH STATEMENT EXECUTE FUNCTION fatwahs_keep_published_search();
--> statement-breakpoint
INSERT INTO published_fatwah_search (id, published_at, search, categories)
  SELECT id, published_at, search, categories FROM fatwahs WHERE status = 'published';
