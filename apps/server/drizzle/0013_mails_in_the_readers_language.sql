-- The language of the site's interface a person used, kept where a mail will later be sent (docs/decisions/043):
-- on an account, a checkout and its order, and a question. Rows from before are English. A constant default: no
-- table is rewritten.
CREATE TYPE "public"."site_locale" AS ENUM('en', 'ur', 'bn');--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "locale" "site_locale" DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "fatwahs" ADD COLUMN "asker_locale" "site_locale" DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "locale" "site_locale" DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" "site_locale" DEFAULT 'en' NOT NULL;