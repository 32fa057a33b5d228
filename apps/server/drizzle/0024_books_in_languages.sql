-- A book's name, author and description in Urdu and Bengali (docs/decisions/078); search reads the names and
-- authors of every language.
ALTER TABLE "books" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "books" drop column "search";--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, search_fold(coalesce(name, ''))), 'A') || setweight(to_tsvector('english'::regconfig, search_fold(coalesce(coalesce(translations #>> '{ur,name}', '') || ' ' || coalesce(translations #>> '{bn,name}', ''), ''))), 'A') || setweight(to_tsvector('english'::regconfig, search_fold(coalesce(author, ''))), 'B') || setweight(to_tsvector('english'::regconfig, search_fold(coalesce(coalesce(translations #>> '{ur,author}', '') || ' ' || coalesce(translations #>> '{bn,author}', ''), ''))), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "books_search_idx" ON "books" USING gin ("search");
