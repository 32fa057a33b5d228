/**
 * Titles and descriptions of the public pages: the browser sets them once a page has rendered, and the server
 * writes them into the HTML it sends, so that a visitor, a search engine and a chat app all see the same words.
 */

export const SITE_NAME = 'Darul Ilm';

/** The description of a page that has none of its own (also in apps/web/index.html). */
export const SITE_DESCRIPTION =
  'Books, answered questions (fatwahs) and articles from the scholars of Darul Ilm, Kolkata.';

/** `X | Darul Ilm`, the title every page shows in the browser tab. */
export const pageTitle = (title: string): string => `${title} | ${SITE_NAME}`;

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
