import { category, certifications, type CertificationsWording } from './certifications';

/** The Certifications page in Urdu (the English wording, certifications.ts, is the source; the images are the same). */
export const certificationsUr: CertificationsWording = {
  meta: certifications.meta,
  title: 'اسناد',
  lead: 'شیخ کی تعلیمی اسناد اور اسلامی اجازتیں، جن میں سے ہر ایک اساتذہ اور شاگردوں کے سلسلے کی ایک کڑی ہے۔ کسی سند کو پوری اسکرین پر دیکھنے کے لیے اسے منتخب کریں۔',
  categories: [
    category('qirat', 'قراءات', 'قرآن کی متواتر قراءتوں میں اجازتیں، قراء کی متصل سند کے ساتھ۔', [
      'روایتِ حفص میں اجازت',
      'قراءاتِ سبعہ میں اجازت',
      'قراءاتِ عشرہ میں اجازت',
    ]),
    category('quran', 'قرآن', 'قرآن کا حفظ اور تلاوت۔', ['حفظِ قرآن میں اجازت', 'تجوید میں سند']),
    category('hadith', 'حدیث', 'نبی ﷺ کے ارشادات کے مجموعوں کی قراءت اور روایت۔', [
      'صحاحِ ستہ میں اجازت',
      'اربعینِ نووی میں اجازت',
    ]),
    category('fiqh', 'فقہ', 'اسلامی فقہ اور اس کے اصول۔', [
      'فقہِ اسلامی میں عالمیت',
      'اصولِ فقہ میں سند',
      'علمِ میراث میں سند',
    ]),
    category('arabic', 'عربی', 'کلاسیکی عربی زبان۔', ['عربی نحو میں سند', 'عربی بلاغت میں سند']),
    category('academic', 'تعلیمی', 'یونیورسٹی کی ڈگریاں اور تعلیمی اسناد۔', [
      'عربی میں بیچلر کی ڈگری',
      'اسلامیات میں ماسٹر کی ڈگری',
      'تدریس میں ڈپلوما',
      'ترجمہ میں سند',
    ]),
  ],
  lightbox: {
    label: 'سند دیکھنے کا خانہ',
    close: 'بند کریں',
    previous: 'پچھلی سند',
    next: 'اگلی سند',
  },
};
