import { PAGE_META, type InitiativeKind } from '@scholar/shared';
import type { Wording } from './wording';
/**
 * Wording of the Initiatives page (docs/product.md, "Initiatives"); edit here, not in the components. "the Shaikh"
 * stands for the scholar's name of the site's settings, and each initiative's website is a setting too
 * (`initiatives.<kind>`; none: 'Coming Soon'). The Urdu and Bengali wording (initiatives.ur.ts, initiatives.bn.ts)
 * follows this one.
 */

export type { InitiativeKind };

export interface Initiative {
  kind: InitiativeKind;
  name: string;
  category: string;
  founded: number;
  description: string;
  highlights: readonly [string, string, string, string];
}

const initiativeItems: readonly Initiative[] = [
  {
    kind: 'learning',
    name: 'Darul Ilm Online Academy',
    category: 'Islamic learning platform',
    founded: 2021,
    description:
      'Where it began: live online classes in Quran, Arabic and Islamic studies for students around the world, taught by qualified teachers.',
    highlights: [
      'Over 2000 individuals benefited',
      'Courses for ages 3 to 70',
      'Live one-to-one and group classes',
      'Certificates and ijazah tracks',
    ],
  },
  {
    kind: 'charity',
    name: 'Darul Ilm Foundation',
    category: 'Charitable foundation',
    founded: 2023,
    description:
      'Support for families in need, orphans and students of knowledge, distributed with care and full accountability.',
    highlights: [
      'Food packages in Ramadan',
      'Scholarships for students',
      'Help for orphans and widows',
      'Relief in times of hardship',
    ],
  },
  {
    kind: 'school',
    name: 'Darul Ilm International School',
    category: 'International school',
    founded: 2024,
    description:
      'A school that joins a modern curriculum with Quran and Islamic character. It runs Nursery to Class 2 today and plans to grow to Class 12.',
    highlights: [
      'Nursery to Class 2 today',
      'Growing to Class 12',
      'Quran and Arabic every day',
      'Small classes, caring teachers',
    ],
  },
  {
    kind: 'food',
    name: 'Tayyib Foods',
    category: 'Halal food business',
    founded: 2025,
    description:
      'Wholesome food that is halal and tayyib, from trusted sources, prepared with honesty and transparency.',
    highlights: [
      'Certified halal sourcing',
      'Wholesome, natural ingredients',
      'Honest and fair trade',
      'Part of the profit to charity',
    ],
  },
  {
    kind: 'travel',
    name: 'Darul Ilm Umrah Journeys',
    category: 'Umrah travel service',
    founded: 2025,
    description:
      'Guided Umrah journeys with scholarly companionship, so that pilgrims perform their rites with knowledge and ease.',
    highlights: [
      'Guidance by scholars',
      'Preparation classes before travel',
      'Comfortable, trusted arrangements',
      'Small, caring groups',
    ],
  },
];

export const initiatives = {
  meta: PAGE_META.initiatives,
  title: 'Initiatives by the Shaikh',
  lead: 'Since 2021, the Shaikh has founded initiatives that serve the community in learning, charity, schooling, food and travel. Over 2000 individuals have benefited, through courses for ages 3 to 70.',
  badges: ['5 Major Initiatives', 'Since 2021', 'Global Impact'],
  websiteLabel: 'Visit website',
  comingSoon: 'Coming Soon',
  items: initiativeItems,
  join: {
    title: 'Join the Movement',
    text: 'Learn with us, volunteer, support a family or a student, or bring an idea. Every contribution carries the work further.',
    learnMore: 'Learn More',
    getInvolved: 'Get Involved',
    getInvolvedSubject: 'I would like to get involved',
  },
} as const;

/** The Initiatives page's wording in a language. */
export type InitiativesWording = Wording<Omit<typeof initiatives, 'meta'>>;
