-- One spelling of every word for search, in every script (docs/decisions/041): lower case; Unicode's canonical
-- decomposition (NFD), so that a letter typed whole or as letter and mark is one; the marks of Latin letters
-- (wuḍū: wudu), Arabic harakat, the superscript alef and tatweel dropped, and with them the hamza and madda that
-- NFD takes off أ إ آ ؤ ئ ۀ; apostrophes and the ʿayn and hamza signs of transliterations dropped (qur'an: quran);
-- the Arabic and Urdu forms of yeh, kaf and heh (teh marbuta with them) made one; and the Bengali letters with a
-- nukta (য় ড় ঢ়) made whole again, since NFD splits them and a nukta is not a letter to every locale's word parser.
-- The search vectors of fatwahs, articles and books are made from its output, and every query goes through it.
-- apps/server/src/lib/search-text.ts writes the same steps in TypeScript to look words up in its table of spellings.
CREATE FUNCTION search_fold(content text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT replace(replace(replace(
    translate(
      regexp_replace(
        normalize(lower(content), NFD),
        '[\u0300-\u036F\u02BB-\u02BF\u2018\u2019''\u0640\u064B-\u065F\u0670]', '', 'g'
      ),
      -- ي ى: ی; ك: ک; ة ۃ ہ ھ ە: ه; ٱ: ا
      'يىكةۃہھەٱ',
      'ییکههههها'
    ),
    -- য+় ড+় ঢ+়: য় ড় ঢ়
    'য়', 'য়'), 'ড়', 'ড়'), 'ঢ়', 'ঢ়')
$$;
--> statement-breakpoint
CREATE TYPE "public"."content_language" AS ENUM('en', 'ur', 'bn', 'ar');--> statement-breakpoint
ALTER TABLE "fatwahs" drop column "search";--> statement-breakpoint
ALTER TABLE "fatwahs" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, search_fold(coalesce(question, ''))), 'A') || setweight(to_tsvector('english'::regconfig, search_fold(coalesce(answer, ''))), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "fatwahs_search_idx" ON "fatwahs" USING gin ("search");--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "language" "content_language" DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "translation_of" uuid;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, search_fold(coalesce(title, ''))), 'A') || setweight(to_tsvector('english'::regconfig, search_fold(coalesce(excerpt, ''))), 'B') || setweight(to_tsvector('english'::regconfig, search_fold(coalesce(content, ''))), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, search_fold(coalesce(name, ''))), 'A') || setweight(to_tsvector('english'::regconfig, search_fold(coalesce(author, ''))), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "fatwahs" ADD COLUMN "language" "content_language" DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "fatwahs" ADD COLUMN "translation_of" uuid;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_translation_of_articles_id_fk" FOREIGN KEY ("translation_of") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fatwahs" ADD CONSTRAINT "fatwahs_translation_of_fatwahs_id_fk" FOREIGN KEY ("translation_of") REFERENCES "public"."fatwahs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("search");--> statement-breakpoint
CREATE INDEX "articles_translation_of_idx" ON "articles" USING btree ("translation_of");--> statement-breakpoint
CREATE INDEX "books_search_idx" ON "books" USING gin ("search");--> statement-breakpoint
CREATE INDEX "fatwahs_translation_of_idx" ON "fatwahs" USING btree ("translation_of");--> statement-breakpoint
-- The published fatwahs' search table (docs/decisions/033) copies the vectors, which are made anew above.
DELETE FROM published_fatwah_search;
--> statement-breakpoint
INSERT INTO published_fatwah_search (id, published_at, search, categories)
  SELECT id, published_at, search, categories FROM fatwahs WHERE status = 'published';
--> statement-breakpoint
-- The words a misspelt search word is matched against are folded the same way, so that they are the vectors' words.
CREATE OR REPLACE FUNCTION fatwah_words_of(content text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(search_fold(content), '[[:space:][:punct:]]+') AS w
  WHERE length(w) BETWEEN 3 AND 40
$$;
--> statement-breakpoint
DELETE FROM fatwah_words;
--> statement-breakpoint
INSERT INTO fatwah_words (word)
  SELECT DISTINCT fatwah_words_of(question || ' ' || coalesce(answer, '')) FROM fatwahs ON CONFLICT DO NOTHING;
