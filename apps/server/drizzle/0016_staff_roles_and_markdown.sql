ALTER TYPE "public"."user_role" ADD VALUE 'scholar';--> statement-breakpoint
ALTER TYPE "public"."user_role" ADD VALUE 'shop';--> statement-breakpoint
ALTER TABLE "admin_invites" ADD COLUMN "role" "user_role" DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "markdown" text;--> statement-breakpoint
ALTER TABLE "fatwahs" ADD COLUMN "answer_html" text;