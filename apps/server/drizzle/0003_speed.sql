CREATE TABLE "fatwah_counts" (
	"status" "fatwah_status" NOT NULL,
	"category" text NOT NULL,
	"fatwahs" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "fatwah_counts_status_category_pk" PRIMARY KEY("status","category")
);
--> statement-breakpoint
CREATE TABLE "fatwah_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_day_stats" (
	"day" date NOT NULL,
	"status" "order_status" NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"amount_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_day_stats_day_status_pk" PRIMARY KEY("day","status")
);
--> statement-breakpoint
DROP INDEX "fatwahs_question_trgm_idx";--> statement-breakpoint
DROP INDEX "fatwahs_status_created_idx";--> statement-breakpoint
DROP INDEX "fatwahs_published_idx";--> statement-breakpoint
DROP INDEX "orders_created_idx";--> statement-breakpoint
DROP INDEX "orders_status_created_idx";--> statement-breakpoint
DROP INDEX "orders_user_created_idx";--> statement-breakpoint
CREATE INDEX "fatwah_words_trgm_idx" ON "fatwah_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "fatwahs_status_created_idx" ON "fatwahs" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "fatwahs_published_idx" ON "fatwahs" USING btree ("published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "fatwahs"."status" = 'published';--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Orders and revenue per day (India time) and status, kept with every order write.
CREATE FUNCTION order_day_stats_add(p_created timestamptz, p_status order_status, p_amount bigint, p_sign integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_day_stats AS s (day, status, orders, amount_paise)
  VALUES ((p_created AT TIME ZONE 'Asia/Kolkata')::date, p_status, p_sign, p_sign * p_amount)
  ON CONFLICT (day, status) DO UPDATE
    SET orders = s.orders + excluded.orders, amount_paise = s.amount_paise + excluded.amount_paise;
END $$;
--> statement-breakpoint
CREATE FUNCTION orders_keep_day_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM order_day_stats;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM order_day_stats_add(OLD.created_at, OLD.status, OLD.amount_paise, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM order_day_stats_add(NEW.created_at, NEW.status, NEW.amount_paise, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_day_stats AFTER INSERT OR DELETE OR UPDATE OF created_at, status, amount_paise ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_keep_day_stats();
--> statement-breakpoint
CREATE TRIGGER orders_day_stats_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION orders_keep_day_stats();
--> statement-breakpoint
INSERT INTO order_day_stats (day, status, orders, amount_paise)
  SELECT (created_at AT TIME ZONE 'Asia/Kolkata')::date, status, count(*), sum(amount_paise) FROM orders GROUP BY 1, 2;
--> statement-breakpoint
-- The words of the fatwahs, for finding a misspelt search word (split on spaces and punctuation, so that letters
-- outside ASCII stay inside their words).
CREATE FUNCTION fatwah_words_of(content text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(content), '[[:space:][:punct:]]+') AS w
  WHERE length(w) BETWEEN 3 AND 40
$$;
--> statement-breakpoint
CREATE FUNCTION fatwahs_keep_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fatwah_words (word)
    SELECT fatwah_words_of(NEW.question || ' ' || coalesce(NEW.answer, '')) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER fatwahs_words AFTER INSERT OR UPDATE OF question, answer ON fatwahs
  FOR EACH ROW EXECUTE FUNCTION fatwahs_keep_words();
--> statement-breakpoint
INSERT INTO fatwah_words (word)
  SELECT DISTINCT fatwah_words_of(question || ' ' || coalesce(answer, '')) FROM fatwahs ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Fatwahs per status, in all (category '') and per category, kept with every fatwah write.
CREATE FUNCTION fatwah_counts_add(p_status fatwah_status, p_categories text[], p_sign integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fatwah_counts AS c (status, category, fatwahs)
    SELECT p_status, category, p_sign FROM unnest(array_prepend('', p_categories)) AS category GROUP BY category
  ON CONFLICT (status, category) DO UPDATE SET fatwahs = c.fatwahs + excluded.fatwahs;
END $$;
--> statement-breakpoint
CREATE FUNCTION fatwahs_keep_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM fatwah_counts;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM fatwah_counts_add(OLD.status, OLD.categories, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM fatwah_counts_add(NEW.status, NEW.categories, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER fatwahs_counts AFTER INSERT OR DELETE OR UPDATE OF status, categories ON fatwahs
  FOR EACH ROW EXECUTE FUNCTION fatwahs_keep_counts();
--> statement-breakpoint
CREATE TRIGGER fatwahs_counts_truncate AFTER TRUNCATE ON fatwahs
  FOR EACH STATEMENT EXECUTE FUNCTION fatwahs_keep_counts();
--> statement-breakpoint
INSERT INTO fatwah_counts (status, category, fatwahs)
  SELECT status, c.category, count(*) FROM fatwahs
  CROSS JOIN LATERAL (SELECT DISTINCT unnest(array_prepend('', categories)) AS category) AS c
  GROUP BY status, c.category;
