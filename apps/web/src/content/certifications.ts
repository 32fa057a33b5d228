import { PAGE_META } from '@scholar/shared';
/** The certificates and ijazahs of the Certifications page (spec §2); edit here, not in the components. */

export interface Certificate {
  /** An image under apps/web/public. */
  src: string;
  title: string;
}

export interface CertificateCategory {
  id: string;
  name: string;
  description: string;
  items: readonly Certificate[];
}

const image = (name: string) => `/certificates/${name}.webp`;

const categories: readonly CertificateCategory[] = [
  {
    id: 'qirat',
    name: 'Qirat',
    description: 'Ijazahs in the canonical readings of the Quran, with connected chains of reciters.',
    items: [
      { src: image('qirat-1'), title: 'Ijazah in the Reading of Hafs' },
      { src: image('qirat-2'), title: 'Ijazah in the Seven Qira’at' },
      { src: image('qirat-3'), title: 'Ijazah in the Ten Qira’at' },
    ],
  },
  {
    id: 'quran',
    name: 'Quran',
    description: 'Memorisation and recitation of the Quran.',
    items: [
      { src: image('quran-1'), title: 'Ijazah in the Memorisation of the Quran' },
      { src: image('quran-2'), title: 'Certificate in Tajwid' },
    ],
  },
  {
    id: 'hadith',
    name: 'Hadith',
    description: 'Reading and transmission of the collections of the Prophet’s sayings.',
    items: [
      { src: image('hadith-1'), title: 'Ijazah in the Six Books of Hadith' },
      { src: image('hadith-2'), title: 'Ijazah in the Forty Hadith of an-Nawawi' },
    ],
  },
  {
    id: 'fiqh',
    name: 'Fiqh',
    description: 'Islamic jurisprudence and its principles.',
    items: [
      { src: image('fiqh-1'), title: 'Alimiyyah in Islamic Jurisprudence' },
      { src: image('fiqh-2'), title: 'Certificate in the Principles of Fiqh' },
      { src: image('fiqh-3'), title: 'Certificate in the Fiqh of Inheritance' },
    ],
  },
  {
    id: 'arabic',
    name: 'Arabic',
    description: 'The classical Arabic language.',
    items: [
      { src: image('arabic-1'), title: 'Certificate in Arabic Grammar' },
      { src: image('arabic-2'), title: 'Certificate in Arabic Rhetoric' },
    ],
  },
  {
    id: 'academic',
    name: 'Academic',
    description: 'University degrees and academic certificates.',
    items: [
      { src: image('academic-1'), title: 'Bachelor’s Degree in Arabic' },
      { src: image('academic-2'), title: 'Master’s Degree in Islamic Studies' },
      { src: image('academic-3'), title: 'Diploma in Teaching' },
      { src: image('academic-4'), title: 'Certificate in Translation' },
    ],
  },
];

export const certifications = {
  meta: PAGE_META.certifications,
  title: 'Certifications',
  lead: 'Academic certificates and Islamic ijazahs held by the Shaikh, each a link in a chain of teachers and students. Select a certificate to view it full screen.',
  categories,
  lightbox: {
    label: 'Certificate viewer',
    close: 'Close',
    previous: 'Previous certificate',
    next: 'Next certificate',
  },
} as const;
