-- The desks (docs/decisions/009, 019, 020): question references and the asker's consent to show a name, the answer
-- mail sent once, admins' display names and invitations, site settings in one row, and one trigram index for the
-- order desk's search across every order.
CREATE TABLE "admin_invites" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_one_row" CHECK ("id" = 1)
);
--> statement-breakpoint
CREATE SEQUENCE "fatwah_reference_seq";--> statement-breakpoint
ALTER TABLE "fatwahs" ADD COLUMN "reference" text;--> statement-breakpoint
-- Questions asked before references existed get theirs in the order they came, numbered with their own year.
UPDATE "fatwahs" SET "reference" = 'Q-' || to_char("numbered"."created_at" AT TIME ZONE 'Asia/Kolkata', 'YYYY') || '-' || lpad("numbered"."n"::text, 5, '0')
  FROM (SELECT "id", "created_at", row_number() OVER (ORDER BY "created_at", "id") AS "n" FROM "fatwahs") AS "numbered"
  WHERE "numbered"."id" = "fatwahs"."id";--> statement-breakpoint
SELECT setval('fatwah_reference_seq', (SELECT count(*) FROM "fatwahs") + 1, false);--> statement-breakpoint
ALTER TABLE "fatwahs" ALTER COLUMN "reference" SET DEFAULT ('Q-' || to_char(now() AT TIME ZONE 'Asia/Kolkata', 'YYYY') || '-' || lpad(nextval('fatwah_reference_seq')::text, 5, '0'));--> statement-breakpoint
ALTER TABLE "fatwahs" ALTER COLUMN "reference" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "fatwahs" ADD COLUMN "show_asker_name" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fatwahs" ADD COLUMN "answer_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "display_name" text;--> statement-breakpoint
ALTER TABLE "admin_invites" ADD CONSTRAINT "admin_invites_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_invites_token_hash_key" ON "admin_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "admin_invites_email_idx" ON "admin_invites" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "fatwahs_reference_key" ON "fatwahs" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin ((lower(order_number || ' ' || contact_name || ' ' || contact_email || ' ' || contact_phone)) gin_trgm_ops);