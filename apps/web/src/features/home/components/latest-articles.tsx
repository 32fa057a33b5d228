/**
 * Up to 3 latest articles and a 'View All Articles' link (spec §2, Home). Renders nothing until an articles
 * API exists.
 */
export function LatestArticles() {
  // The articles feature fills this in (PAGE_SIZES.homeArticles items and the 'View All Articles' link).
  return null;
}
