import { PAGE_META } from '@scholar/shared';
import type { Wording } from './wording';
/**
 * Wording of the About page (docs/product.md, "About"); edit here, not in the components. "the Shaikh" stands for
 * the scholar's name of the site's settings, and each course's link is a setting too (`courses.<key>`; none: no
 * link). The Urdu and Bengali wording (about.ur.ts, about.bn.ts) follows this one.
 */
export const about = {
  meta: PAGE_META.about,
  title: 'About the Shaikh',
  lead: 'A scholar of the Quran, Hadith and Fiqh, teaching and serving the community from Kolkata.',
  biography: {
    title: 'Biography',
    paragraphs: [
      'The Shaikh began memorising the Quran as a child in Kolkata and completed it before his teenage years. He went on to study the sciences of recitation (tajwid and the qira’at) with senior reciters, and received ijazahs with connected chains of transmission.',
      'He then spent many years in the traditional curriculum, studying Arabic grammar and rhetoric, the principles of jurisprudence, Hadith and its sciences, and Quranic exegesis under respected scholars in India and abroad, alongside a university education.',
      'Today he teaches students from the age of three to seventy, answers the questions sent to Darul Ilm, writes on matters of faith and daily life, and leads several initiatives in education, charity and service. His approach is known for its clarity, its reliance on the sources and its gentleness with people.',
    ],
  },
  glance: {
    title: 'At a glance',
    items: ['Quran, Hadith and Fiqh', 'Based in Kolkata, India', 'Students from the age of 3 to 70'],
  },
  certifications: {
    title: 'Certifications',
    intro: 'Among the certificates and ijazahs the Shaikh holds:',
    items: [
      {
        title: 'Ijazah in the Qira’at',
        detail: 'Recitation of the Quran in the canonical readings, with a connected chain.',
      },
      {
        title: 'Ijazah in the Memorisation of the Quran',
        detail: 'Complete memorisation, examined and certified by senior reciters.',
      },
      {
        title: 'Ijazah in the Books of Hadith',
        detail: 'Reading and transmission of the major collections of Hadith.',
      },
      {
        title: 'Alimiyyah in Islamic Jurisprudence',
        detail: 'The full traditional course in Fiqh and its principles.',
      },
      {
        title: 'Certificate in Classical Arabic',
        detail: 'Grammar, morphology and rhetoric of the Arabic language.',
      },
    ],
    link: 'View the certificates',
  },
  courses: {
    title: 'Courses',
    intro:
      'The Shaikh’s courses run on an external online education platform, so that students can join live classes from anywhere.',
    items: [
      {
        key: 'quranTajwid',
        title: 'Quran Recitation with Tajwid',
        level: 'All levels',
        description:
          'Learn to recite the Quran correctly: the articulation points of the letters, their qualities and the rules of tajwid, with one-to-one correction.',
      },
      {
        key: 'arabicBeginners',
        title: 'Arabic for Beginners',
        level: 'Beginners',
        description:
          'Read, write and understand simple Arabic: the script, essential grammar and the vocabulary of the Quran and daily prayers.',
      },
      {
        key: 'fiqhOfWorship',
        title: 'Fiqh of Worship',
        level: 'Intermediate',
        description:
          'Purification, prayer, fasting, zakat and Hajj explained step by step from the classical texts, with their evidences.',
      },
    ],
    linkLabel: 'View course',
  },
  mission: {
    title: 'Mission and Values',
    statement:
      'Our mission is to make authentic Islamic knowledge accessible to everyone, rooted in the Quran and the Sunnah and taught with wisdom and care.',
    values: [
      {
        title: 'Authenticity',
        text: 'Every answer and lesson goes back to the sources and the scholars before us.',
      },
      {
        title: 'Accessibility',
        text: 'Knowledge for every age and background, in clear and simple language.',
      },
      {
        title: 'Compassion',
        text: 'Guidance given with gentleness, patience and respect for every questioner.',
      },
      {
        title: 'Service',
        text: 'Learning that turns into action for the community, in education and charity.',
      },
    ],
  },
  callToAction: {
    title: 'Continue your journey',
    books: 'Browse books',
    ask: 'Ask a question',
    articles: 'Read articles',
  },
} as const;

/** The About page's wording in a language. */
export type AboutWording = Wording<Omit<typeof about, 'meta'>>;
