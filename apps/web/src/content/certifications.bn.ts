import { category, certifications, type CertificationsWording } from './certifications';

/** The Certifications page in Bengali (the English wording, certifications.ts, is the source; the images are the same). */
export const certificationsBn: CertificationsWording = {
  meta: certifications.meta,
  title: 'সনদপত্র',
  lead: 'শায়খের শিক্ষাগত সনদ ও ইসলামী ইজাযত, যার প্রতিটি শিক্ষক ও ছাত্রের ধারাবাহিক শৃঙ্খলের একটি কড়ি। কোনো সনদ পুরো পর্দায় দেখতে সেটি বেছে নিন।',
  categories: [
    category('qirat', 'কিরাআত', 'কুরআনের মুতাওয়াতির কিরাআতে ইজাযত, কারীদের মুত্তাসিল সনদসহ।', [
      'হাফস রেওয়ায়েতে ইজাযত',
      'সাত কিরাআতে ইজাযত',
      'দশ কিরাআতে ইজাযত',
    ]),
    category('quran', 'কুরআন', 'কুরআন হিফজ ও তিলাওয়াত।', ['কুরআন হিফজে ইজাযত', 'তাজবীদে সনদ']),
    category('hadith', 'হাদিস', 'নবী ﷺ-এর বাণীর সংকলনগুলোর পাঠ ও রেওয়ায়েত।', [
      'সিহাহ সিত্তায় ইজাযত',
      'ইমাম নববীর চল্লিশ হাদিসে ইজাযত',
    ]),
    category('fiqh', 'ফিকহ', 'ইসলামী ফিকহ ও তার উসূল।', [
      'ইসলামী ফিকহে আলিমিয়্যাহ',
      'উসূলুল ফিকহে সনদ',
      'মীরাসের ফিকহে সনদ',
    ]),
    category('arabic', 'আরবি', 'ধ্রুপদী আরবি ভাষা।', ['আরবি ব্যাকরণে সনদ', 'আরবি বালাগাতে সনদ']),
    category('academic', 'শিক্ষাগত', 'বিশ্ববিদ্যালয়ের ডিগ্রি ও শিক্ষাগত সনদ।', [
      'আরবিতে স্নাতক ডিগ্রি',
      'ইসলামিক স্টাডিজে স্নাতকোত্তর ডিগ্রি',
      'শিক্ষকতায় ডিপ্লোমা',
      'অনুবাদে সনদ',
    ]),
  ],
  lightbox: {
    label: 'সনদ দেখার জানালা',
    close: 'বন্ধ করুন',
    previous: 'আগের সনদ',
    next: 'পরের সনদ',
  },
};
