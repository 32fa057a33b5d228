import { PAGE_META } from '@scholar/shared';
/** Wording of the home page (spec §2, Home); edit here, not in the components. */
export const home = {
  meta: PAGE_META.home,
  hero: {
    eyebrow: 'Darul Ilm · Kolkata',
    title: 'Sacred knowledge, within reach',
    text: 'Authentic books, clear answers to your questions and thoughtful articles, guided by the Shaikh, a scholar of the Quran, Hadith and Fiqh.',
    primary: { label: 'Browse Books' },
    secondary: { label: 'Ask a Question' },
    video: {
      webm: '/media/hero.webm',
      mp4: '/media/hero.mp4',
      poster: '/media/hero-poster.jpg',
      /** The poster's size in pixels (the clip's frame). */
      posterSize: { width: 640, height: 360 },
      pause: 'Pause background video',
      play: 'Play background video',
    },
  },
  about: {
    title: 'About the Shaikh',
    text: [
      'The Shaikh has spent more than two decades studying and teaching the Quran, Hadith and Fiqh, and holds ijazahs with connected chains of transmission in Quranic recitation and the major books of Hadith.',
      'From Kolkata, he teaches students of every age, answers the questions of the community and leads initiatives in education, charity and service.',
    ],
    link: 'Read more about the Shaikh',
  },
  books: {
    title: 'Books',
    link: 'View all books',
  },
  comingSoon: {
    badge: 'Coming Soon',
    title: 'New titles and online courses are on their way',
    text: 'A new series of books in English, Bengali and Urdu, and structured online courses for every age, are in preparation. Follow us to hear first when they arrive.',
    link: 'See our initiatives',
  },
} as const;
