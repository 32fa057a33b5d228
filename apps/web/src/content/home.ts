import { PAGE_META } from '@scholar/shared';

/**
 * The home page's head and its hero's clip (docs/product.md, "Home"). Its wording is in the message catalogues
 * (src/locales, `home.*`), in every language.
 */
export const home = {
  meta: PAGE_META.home,
  hero: {
    video: {
      webm: '/media/hero.webm',
      mp4: '/media/hero.mp4',
      poster: '/media/hero-poster.jpg',
      /** The poster's size in pixels (the clip's frame). */
      posterSize: { width: 640, height: 360 },
    },
  },
} as const;
