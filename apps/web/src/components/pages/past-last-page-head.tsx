import { staticPageHead, type PageName } from '@scholar/shared';
import { useHead } from '../../lib/head';

/**
 * The head of a list's page past its last (`/books?page=999`, an old link): the list's own head, answered with 404
 * and kept out of search results. The page itself still shows the list's words for it and the pages there are.
 */
export function PastLastPageHead({ name, page }: { name: PageName; page: number }) {
  useHead((site) => ({ ...staticPageHead(name, site, page), robots: 'noindex', status: 404 }));
  return null;
}
