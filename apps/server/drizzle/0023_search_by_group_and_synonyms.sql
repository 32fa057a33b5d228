-- One search result per translation group, in the reader's language first (docs/decisions/077): the narrow search
-- table learns each published fatwah's language and group (the first of the group: `translation_of`, else its id).
CREATE TABLE "search_synonyms" (
	"id" uuid PRIMARY KEY NOT NULL,
	"words" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DELETE FROM "published_fatwah_search";--> statement-breakpoint
ALTER TABLE "published_fatwah_search" ADD COLUMN "language" "content_language" DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "published_fatwah_search" ADD COLUMN "group_id" uuid NOT NULL;--> statement-breakpoint
CREATE INDEX "published_fatwah_search_group_idx" ON "published_fatwah_search" USING btree ("group_id","language");--> statement-breakpoint
CREATE OR REPLACE FUNCTION fatwahs_keep_published_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM published_fatwah_search;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM published_fatwah_search WHERE id = OLD.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'published' THEN
    INSERT INTO published_fatwah_search (id, published_at, search, categories, language, group_id)
      VALUES (NEW.id, NEW.published_at, NEW.search, NEW.categories, NEW.language, coalesce(NEW.translation_of, NEW.id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER fatwahs_published_search ON fatwahs;--> statement-breakpoint
CREATE TRIGGER fatwahs_published_search
  AFTER INSERT OR DELETE OR UPDATE OF id, question, answer, status, published_at, categories, language, translation_of
  ON fatwahs FOR EACH ROW EXECUTE FUNCTION fatwahs_keep_published_search();
--> statement-breakpoint
INSERT INTO published_fatwah_search (id, published_at, search, categories, language, group_id)
  SELECT id, published_at, search, categories, language, coalesce(translation_of, id) FROM fatwahs
  WHERE status = 'published';
--> statement-breakpoint
-- The sets of spellings, scripts and languages the site starts with; the scholar extends them on the desk.
INSERT INTO "search_synonyms" ("id", "words") VALUES
  (gen_random_uuid(), ARRAY['wudu', 'wudhu', 'wuzu', 'wazu', 'wazoo', 'wuzoo', 'vuzu', 'wuḍū', 'ablution', 'ablutions', 'وضو', 'অজু', 'ওযু', 'ওজু']::text[]),
  (gen_random_uuid(), ARRAY['zakat', 'zakah', 'zakaat', 'zakaah', 'zakāt', 'zakath', 'zakaat', 'alms', 'زکوٰۃ', 'زكاة', 'যাকাত']::text[]),
  (gen_random_uuid(), ARRAY['salah', 'salat', 'salaat', 'namaz', 'namaaz', 'nimaz', 'ṣalāh', 'prayer', 'prayers', 'نماز', 'صلاة', 'নামাজ', 'নামায', 'সালাত']::text[]),
  (gen_random_uuid(), ARRAY['sawm', 'saum', 'roza', 'rozah', 'rozha', 'rozay', 'fast', 'fasting', 'fasts', 'روزہ', 'روزے', 'صوم', 'রোজা', 'রোযা', 'সাওম']::text[]),
  (gen_random_uuid(), ARRAY['hajj', 'haj', 'hadj', 'pilgrimage', 'حج', 'হজ', 'হজ্জ']::text[]),
  (gen_random_uuid(), ARRAY['ramadan', 'ramazan', 'ramzan', 'ramadhan', 'ramaḍān', 'رمضان', 'রমজান', 'রমজানের', 'রমযান']::text[]),
  (gen_random_uuid(), ARRAY['quran', 'qur''an', 'koran', 'quraan', 'qurʾān', 'قرآن', 'কুরআন', 'কোরআন']::text[]),
  (gen_random_uuid(), ARRAY['hadith', 'hadees', 'hadis', 'hadeeth', 'ḥadīth', 'حدیث', 'হাদিস', 'হাদীস']::text[]),
  (gen_random_uuid(), ARRAY['ghusl', 'gusl', 'ghusal', 'ghosl', 'bath', 'غسل', 'গোসল']::text[]),
  (gen_random_uuid(), ARRAY['dhikr', 'zikr', 'zikar', 'thikr', 'ذکر', 'যিকির', 'জিকির']::text[]),
  (gen_random_uuid(), ARRAY['iddah', 'iddat', 'idda', 'عدت', 'ইদ্দত']::text[]),
  (gen_random_uuid(), ARRAY['janazah', 'janaza', 'jenazah', 'funeral', 'جنازہ', 'জানাজা', 'জানাজার']::text[]),
  (gen_random_uuid(), ARRAY['fatwa', 'fatwah', 'fatawa', 'fatwaa', 'ruling', 'فتویٰ', 'فتوى', 'ফতোয়া', 'ফতওয়া']::text[]),
  (gen_random_uuid(), ARRAY['nikah', 'nikaah', 'nikkah', 'marriage', 'نکاح', 'নিকাহ', 'বিয়ে']::text[]),
  (gen_random_uuid(), ARRAY['mahr', 'mehr', 'mehar', 'dower', 'مہر', 'মোহর']::text[]),
  (gen_random_uuid(), ARRAY['jewellery', 'jewelry', 'zewar', 'زیور', 'زیورات', 'গয়না']::text[]),
  (gen_random_uuid(), ARRAY['drowsiness', 'drowsy', 'dozing', 'اونگھ', 'তন্দ্রা']::text[]),
  (gen_random_uuid(), ARRAY['diabetes', 'sugar', 'ذیابیطس', 'شوگر', 'ডায়াবেটিস']::text[]),
  (gen_random_uuid(), ARRAY['interest', 'riba', 'sood', 'سود', 'ربا', 'সুদ']::text[]);
