import { pageTitle, SITE_DESCRIPTION } from '@scholar/shared';
import { useEffect } from 'react';

export { pageTitle };

const descriptionTag = () => document.querySelector<HTMLMetaElement>('meta[name="description"]');

/**
 * Sets the page's `<title>` and its `<meta name="description">`. The description goes back to the site's
 * default when the page leaves, so a page without one never shows another page's text. (The default is not the
 * description in the document at start-up: the server writes the first page's own description there.)
 */
export function useDocumentTitle(title: string, description?: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);

  useEffect(() => {
    if (description === undefined) return;
    let tag = descriptionTag();
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    tag.content = description;
    return () => {
      const current = descriptionTag();
      if (current) current.content = SITE_DESCRIPTION;
    };
  }, [description]);
}
