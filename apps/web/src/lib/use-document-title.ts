import { pageTitle, SITE_DESCRIPTION } from '@scholar/shared';
import { useEffect } from 'react';
import { useLocale } from './i18n';

export { pageTitle };

const descriptionTag = () => document.querySelector<HTMLMetaElement>('meta[name="description"]');

/**
 * Sets the document's whole `<title>` and its `<meta name="description">` (none: left as it is). The description
 * goes back to the site's default when the page leaves, so a page without one never shows another page's text.
 * (The default is not the description in the document at start-up: the server writes the first page's own there.)
 */
export function useDocumentHead(title: string, description?: string): void {
  useEffect(() => {
    document.title = title;
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

/** A screen's title (the site's name, in the page's language, is added) and description. */
export function useDocumentTitle(title: string, description?: string): void {
  const { locale } = useLocale();
  useDocumentHead(pageTitle(title, locale), description);
}
