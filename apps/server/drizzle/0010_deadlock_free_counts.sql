-- Counter rows taken in one order (docs/decisions/037). The triggers of 0003 and 0008 upserted the rows of OLD, then
-- those of NEW, each set in the order of a GROUP BY or DISTINCT, which is not fixed: two writes could take the same
-- rows in opposite orders (a fatwah moved from draft to published while another moved back) and deadlock. Each
-- trigger now makes one upsert of every change of OLD and NEW, summed per key and sorted by it, so that every
-- transaction takes these rows in the same order; a key whose changes cancel out is not touched at all.
CREATE OR REPLACE FUNCTION fatwah_counts_add(p_status fatwah_status, p_categories text[], p_sign integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fatwah_counts AS c (status, category, fatwahs)
    SELECT p_status, category, p_sign FROM (SELECT DISTINCT unnest(array_prepend('', p_categories)) AS category) AS d
    ORDER BY category
  ON CONFLICT (status, category) DO UPDATE SET fatwahs = c.fatwahs + excluded.fatwahs;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fatwahs_keep_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM fatwah_counts;
    RETURN NULL;
  END IF;
  -- OLD (updates, deletes) counts -1 and NEW (inserts, updates) +1, each category once, besides the total ('').
  INSERT INTO fatwah_counts AS c (status, category, fatwahs)
    SELECT change.status, change.category, sum(change.sign)
    FROM (
      SELECT DISTINCT OLD.status, unnest(array_prepend('', OLD.categories)), -1
        WHERE TG_OP IN ('UPDATE', 'DELETE')
      UNION ALL
      SELECT DISTINCT NEW.status, unnest(array_prepend('', NEW.categories)), 1
        WHERE TG_OP IN ('INSERT', 'UPDATE')
    ) AS change (status, category, sign)
    GROUP BY change.status, change.category
    HAVING sum(change.sign) <> 0
    ORDER BY change.status, change.category
  ON CONFLICT (status, category) DO UPDATE SET fatwahs = c.fatwahs + excluded.fatwahs;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_keep_day_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM order_day_stats;
    RETURN NULL;
  END IF;
  -- OLD (updates, deletes) counts negatively and NEW (inserts, updates) positively, per day (India time) and status.
  INSERT INTO order_day_stats AS s (day, status, orders, amount_paise, refunded_paise)
    SELECT change.day, change.status, sum(change.orders), sum(change.amount), sum(change.refunded)
    FROM (
      SELECT (OLD.created_at AT TIME ZONE 'Asia/Kolkata')::date, OLD.status, -1, -OLD.amount_paise, -OLD.refunded_paise
        WHERE TG_OP IN ('UPDATE', 'DELETE')
      UNION ALL
      SELECT (NEW.created_at AT TIME ZONE 'Asia/Kolkata')::date, NEW.status, 1, NEW.amount_paise, NEW.refunded_paise
        WHERE TG_OP IN ('INSERT', 'UPDATE')
    ) AS change (day, status, orders, amount, refunded)
    GROUP BY change.day, change.status
    HAVING sum(change.orders) <> 0 OR sum(change.amount) <> 0 OR sum(change.refunded) <> 0
    ORDER BY change.day, change.status
  ON CONFLICT (day, status) DO UPDATE
    SET orders = s.orders + excluded.orders,
        amount_paise = s.amount_paise + excluded.amount_paise,
        refunded_paise = s.refunded_paise + excluded.refunded_paise;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The words of a fatwah in sorted order: two fatwahs written at once with the same new words would otherwise insert
-- them in different orders, each waiting for the other's uncommitted word.
CREATE OR REPLACE FUNCTION fatwahs_keep_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fatwah_words (word)
    SELECT word FROM fatwah_words_of(NEW.question || ' ' || coalesce(NEW.answer, '')) AS word ORDER BY word
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
