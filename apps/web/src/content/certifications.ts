import { PAGE_META } from '@scholar/shared';
import type { Wording } from './wording';
/**
 * The certificates and ijazahs of the Certifications page (docs/product.md, "Certifications"); edit here, not in
 * the components. The Urdu and Bengali wording (certifications.ur.ts, certifications.bn.ts) follows this one.
 */

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

/**
 * A category of certificates; its images are numbered after its id, in the order of `titles`
 * (`/certificates/qirat-1.webp` is the first of Qirat).
 */
export const category = (
  id: string,
  name: string,
  description: string,
  titles: readonly string[],
): CertificateCategory => ({
  id,
  name,
  description,
  items: titles.map((title, i) => ({ src: `/certificates/${id}-${i + 1}.webp`, title })),
});

const categories: readonly CertificateCategory[] = [
  category(
    'qirat',
    'Qirat',
    'Ijazahs in the canonical readings of the Quran, with connected chains of reciters.',
    ['Ijazah in the Reading of Hafs', 'Ijazah in the Seven Qira’at', 'Ijazah in the Ten Qira’at'],
  ),
  category('quran', 'Quran', 'Memorisation and recitation of the Quran.', [
    'Ijazah in the Memorisation of the Quran',
    'Certificate in Tajwid',
  ]),
  category('hadith', 'Hadith', 'Reading and transmission of the collections of the Prophet’s sayings.', [
    'Ijazah in the Six Books of Hadith',
    'Ijazah in the Forty Hadith of an-Nawawi',
  ]),
  category('fiqh', 'Fiqh', 'Islamic jurisprudence and its principles.', [
    'Alimiyyah in Islamic Jurisprudence',
    'Certificate in the Principles of Fiqh',
    'Certificate in the Fiqh of Inheritance',
  ]),
  category('arabic', 'Arabic', 'The classical Arabic language.', [
    'Certificate in Arabic Grammar',
    'Certificate in Arabic Rhetoric',
  ]),
  category('academic', 'Academic', 'University degrees and academic certificates.', [
    'Bachelor’s Degree in Arabic',
    'Master’s Degree in Islamic Studies',
    'Diploma in Teaching',
    'Certificate in Translation',
  ]),
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

/** The Certifications page's wording in a language. */
export type CertificationsWording = Wording<Omit<typeof certifications, 'meta'>>;
