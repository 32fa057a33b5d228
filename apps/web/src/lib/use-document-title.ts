import { useEffect } from 'react';
import { site } from '../content/site';

const descriptionTag = () => document.querySelector<HTMLMetaElement>('meta[name="description"]');

/** The description index.html ships with; pages that set none fall back to it. */
const defaultDescription = typeof document === 'undefined' ? '' : (descriptionTag()?.content ?? '');

/** `X | Darul Ilm`, the title every page shows in the browser tab. */
export const pageTitle = (title: string) => `${title} | ${site.name}`;

/**
 * Sets the page's `<title>` and its `<meta name="description">`. The description goes back to the site's
 * default when the page leaves, so a page without one never shows another page's text.
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
      if (current) current.content = defaultDescription;
    };
  }, [description]);
}
