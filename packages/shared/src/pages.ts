/**
 * Titles and descriptions of the public pages: the browser sets them once a page has rendered, and the server
 * writes them into the HTML it sends, so that a visitor, a search engine and a chat app all see the same words.
 */

import type { Locale } from './locales';

export const SITE_NAME = 'Darul Ilm';

/** The site's name as each language writes it (the browser tab, `og:site_name`). */
export const SITE_NAMES: Record<Locale, string> = { en: SITE_NAME, ur: 'دار العلم', bn: 'দারুল ইলম' };

/** The description of a page that has none of its own (also in apps/web/index.html). */
export const SITE_DESCRIPTION =
  'Books, answered questions (fatwahs) and articles from the scholars of Darul Ilm, Kolkata.';

/** `X | Darul Ilm`, the title every page shows in the browser tab (`X | دار العلم` on an Urdu page). */
export const pageTitle = (title: string, locale: Locale = 'en'): string => `${title} | ${SITE_NAMES[locale]}`;

export interface PageMeta {
  /** Without the site name; see `pageTitle`. */
  title: string;
  description: string;
}

export const PAGE_META = {
  home: {
    title: 'Home',
    description:
      'Darul Ilm, Kolkata: authentic Islamic books, answered questions (fatwahs), articles and the initiatives of the Shaikh.',
  },
  books: {
    title: 'Books',
    description:
      'Islamic books from Darul Ilm, Kolkata, on the Quran, Hadith, Fiqh and daily life, delivered across India.',
  },
  articles: {
    title: 'Articles & Insights',
    description: 'Articles on faith, worship, family and learning from Darul Ilm, Kolkata.',
  },
  fatwahs: {
    title: 'Islamic Fatwahs',
    description: 'Questions answered by the scholars of Darul Ilm: prayer, fasting, zakat, family and more.',
  },
  askFatwah: {
    title: 'Ask a Question',
    description: 'Send your question to the scholars of Darul Ilm.',
  },
  about: {
    title: 'About',
    description:
      'The Shaikh of Darul Ilm, Kolkata: his study of the Quran, Hadith and Fiqh, his certifications, courses and mission.',
  },
  initiatives: {
    title: 'Initiatives',
    description:
      'Five initiatives led by the Shaikh since 2021: an Islamic learning platform, a charitable foundation, an international school, a halal food business and an Umrah travel service.',
  },
  certifications: {
    title: 'Certifications',
    description:
      'The academic certificates and Islamic ijazahs of the Shaikh of Darul Ilm: Qirat, Quran, Hadith, Fiqh and Arabic.',
  },
  privacyPolicy: {
    title: 'Privacy Policy',
    description:
      'How Darul Ilm collects, uses and protects your personal information when you buy books, ask a question or read on our website.',
  },
  terms: {
    title: 'Terms and Conditions',
    description:
      'The terms that apply when you use the Darul Ilm website, create an account, buy books or submit a question.',
  },
  returnPolicy: {
    title: 'Return Policy',
    description:
      'Return a book to Darul Ilm within 30 days of delivery; approved refunds reach your original payment method within 5-7 business days.',
  },
} as const satisfies Record<string, PageMeta>;

export type PageName = keyof typeof PAGE_META;

/** The public pages' titles and descriptions in Urdu and Bengali (English: PAGE_META). */
const TRANSLATED_PAGE_META: Record<Exclude<Locale, 'en'>, Record<PageName, PageMeta>> = {
  ur: {
    home: {
      title: 'صفحۂ اول',
      description:
        'دار العلم، کولکاتا: مستند اسلامی کتابیں، سوالات کے جوابات (فتاویٰ)، مضامین اور شیخ کے اقدامات۔',
    },
    books: {
      title: 'کتابیں',
      description:
        'دار العلم، کولکاتا کی اسلامی کتابیں: قرآن، حدیث، فقہ اور روزمرہ زندگی پر، پورے ہندوستان میں ڈلیوری۔',
    },
    articles: {
      title: 'مضامین',
      description: 'دار العلم، کولکاتا کی طرف سے ایمان، عبادت، خاندان اور تعلیم پر مضامین۔',
    },
    fatwahs: {
      title: 'فتاویٰ',
      description: 'دار العلم کے علما کے جوابات: نماز، روزہ، زکوٰۃ، خاندان اور بہت کچھ۔',
    },
    askFatwah: {
      title: 'سوال پوچھیں',
      description: 'اپنا سوال دار العلم کے علما کو بھیجیں۔',
    },
    about: {
      title: 'ہمارے بارے میں',
      description: 'دار العلم، کولکاتا کے شیخ: قرآن، حدیث اور فقہ میں ان کی تعلیم، اسناد، کورس اور مقصد۔',
    },
    initiatives: {
      title: 'اقدامات',
      description:
        '2021 سے شیخ کی قیادت میں پانچ اقدامات: اسلامی تعلیم کا پلیٹ فارم، ایک خیراتی فاؤنڈیشن، ایک بین الاقوامی اسکول، حلال کھانے کا کاروبار اور عمرہ کے سفر کی خدمت۔',
    },
    certifications: {
      title: 'اسناد',
      description: 'دار العلم کے شیخ کی تعلیمی اسناد اور اجازات: قراءت، قرآن، حدیث، فقہ اور عربی۔',
    },
    privacyPolicy: {
      title: 'رازداری کی پالیسی',
      description:
        'جب آپ کتابیں خریدتے ہیں، سوال پوچھتے ہیں یا ہماری ویب سائٹ پڑھتے ہیں تو دار العلم آپ کی ذاتی معلومات کیسے جمع کرتا، استعمال کرتا اور محفوظ رکھتا ہے۔',
    },
    terms: {
      title: 'شرائط و ضوابط',
      description:
        'دار العلم کی ویب سائٹ استعمال کرنے، اکاؤنٹ بنانے، کتابیں خریدنے یا سوال بھیجنے پر لاگو ہونے والی شرائط۔',
    },
    returnPolicy: {
      title: 'واپسی کی پالیسی',
      description:
        'ڈلیوری کے 30 دن کے اندر کتاب دار العلم کو واپس کریں؛ منظور شدہ رقم 5 سے 7 کاروباری دنوں میں آپ کے اصل ادائیگی کے طریقے میں پہنچ جاتی ہے۔',
    },
  },
  bn: {
    home: {
      title: 'হোম',
      description: 'দারুল ইলম, কলকাতা: প্রামাণিক ইসলামি বই, প্রশ্নের উত্তর (ফতোয়া), প্রবন্ধ এবং শায়খের উদ্যোগসমূহ।',
    },
    books: {
      title: 'বই',
      description:
        'দারুল ইলম, কলকাতার ইসলামি বই: কুরআন, হাদীস, ফিকহ ও দৈনন্দিন জীবন নিয়ে, সারা ভারতে পৌঁছে দেওয়া হয়।',
    },
    articles: {
      title: 'প্রবন্ধ',
      description: 'দারুল ইলম, কলকাতা থেকে ঈমান, ইবাদত, পরিবার ও শিক্ষা নিয়ে প্রবন্ধ।',
    },
    fatwahs: {
      title: 'ফতোয়া',
      description: 'দারুল ইলমের আলেমদের দেওয়া উত্তর: নামাজ, রোজা, যাকাত, পরিবার ও আরও অনেক কিছু।',
    },
    askFatwah: {
      title: 'প্রশ্ন করুন',
      description: 'আপনার প্রশ্ন দারুল ইলমের আলেমদের কাছে পাঠান।',
    },
    about: {
      title: 'পরিচিতি',
      description: 'দারুল ইলম, কলকাতার শায়খ: কুরআন, হাদীস ও ফিকহে তাঁর অধ্যয়ন, সনদ, কোর্স ও লক্ষ্য।',
    },
    initiatives: {
      title: 'উদ্যোগ',
      description:
        '২০২১ সাল থেকে শায়খের নেতৃত্বে পাঁচটি উদ্যোগ: একটি ইসলামি শিক্ষা প্ল্যাটফর্ম, একটি দাতব্য ফাউন্ডেশন, একটি আন্তর্জাতিক স্কুল, একটি হালাল খাবারের ব্যবসা এবং একটি উমরাহ ভ্রমণ সেবা।',
    },
    certifications: {
      title: 'সনদ',
      description: 'দারুল ইলমের শায়খের শিক্ষাগত সনদ ও ইজাযত: কিরাআত, কুরআন, হাদীস, ফিকহ ও আরবি।',
    },
    privacyPolicy: {
      title: 'গোপনীয়তা নীতি',
      description:
        'আপনি বই কিনলে, প্রশ্ন করলে বা আমাদের ওয়েবসাইট পড়লে দারুল ইলম কীভাবে আপনার ব্যক্তিগত তথ্য সংগ্রহ, ব্যবহার ও সুরক্ষিত রাখে।',
    },
    terms: {
      title: 'শর্তাবলি',
      description:
        'দারুল ইলমের ওয়েবসাইট ব্যবহার, অ্যাকাউন্ট খোলা, বই কেনা বা প্রশ্ন পাঠানোর ক্ষেত্রে যে শর্তগুলো প্রযোজ্য।',
    },
    returnPolicy: {
      title: 'ফেরত নীতি',
      description:
        'ডেলিভারির ৩০ দিনের মধ্যে বই দারুল ইলমে ফেরত দিন; অনুমোদিত টাকা ৫-৭ কার্যদিবসের মধ্যে আপনার মূল পেমেন্ট মাধ্যমে ফিরে যায়।',
    },
  },
};

/** A public page's title and description in a language. */
export const pageMetaOf = (name: PageName, locale: Locale = 'en'): PageMeta =>
  locale === 'en' ? PAGE_META[name] : TRANSLATED_PAGE_META[locale][name];

/** The title of a fatwah's page: the first 60 characters of its question, on one line. */
export const fatwahPageTitle = (question: string): string =>
  question.replace(/\s+/g, ' ').trim().slice(0, 60).trimEnd();

/** The titles of the screens shown for an address that is no page, and for a missing book, article or fatwah. */
export const NOT_FOUND_TITLES = {
  page: 'Page not found',
  book: 'Book not found',
  article: 'Article Not Found',
  fatwah: 'Fatwah not found',
} as const;

const TRANSLATED_NOT_FOUND_TITLES: Record<
  Exclude<Locale, 'en'>,
  Record<keyof typeof NOT_FOUND_TITLES, string>
> = {
  ur: {
    page: 'صفحہ نہیں ملا',
    book: 'کتاب نہیں ملی',
    article: 'مضمون نہیں ملا',
    fatwah: 'فتویٰ نہیں ملا',
  },
  bn: {
    page: 'পাতাটি পাওয়া যায়নি',
    book: 'বইটি পাওয়া যায়নি',
    article: 'প্রবন্ধটি পাওয়া যায়নি',
    fatwah: 'ফতোয়াটি পাওয়া যায়নি',
  },
};

/** The title of a not-found screen in a language. */
export const notFoundTitle = (kind: keyof typeof NOT_FOUND_TITLES, locale: Locale = 'en'): string =>
  locale === 'en' ? NOT_FOUND_TITLES[kind] : TRANSLATED_NOT_FOUND_TITLES[locale][kind];
