import { FACE_LATER_CLASS, LOCALE_INFO, faceCachedKey, type Locale } from '@scholar/shared';

/**
 * The face of an Urdu or Bengali page on a first visit (docs/decisions/071-the-face-from-the-second-page.md): the
 * page's head drew it in the system's faces (`FACE_LATER_CLASS`); once the app runs, after the page has loaded,
 * this fetches the face into the browser's cache and notes it, and the next page the reader opens, in the app or
 * from the server, is drawn in it.
 */
export function fetchFaceForLater(locale: Locale): void {
  const { font, readingFont, tag } = LOCALE_INFO[locale];
  const root = document.documentElement;
  if (!font || !root.classList.contains(FACE_LATER_CLASS) || typeof FontFace !== 'function') return;
  // The same request as the stylesheet's `@font-face` makes (a font, same-origin CORS), so that it is the cached one.
  const faces = [font, ...(readingFont ? [readingFont] : [])];
  Promise.all(faces.map((url) => new FontFace('face-for-later', `url(${url})`).load())).then(
    () => {
      try {
        localStorage.setItem(faceCachedKey(tag), '1');
      } catch {
        // Storage refused (a private window's quota): the next page is drawn in the system's faces again.
      }
    },
    () => undefined,
  );
}

/**
 * Draws the pages after the first in their face once it has been fetched: called as the reader moves to another
 * screen, when the page changes anyway, so that no text moves under the reader's eyes.
 */
export function drawInFaceIfFetched(locale: Locale): void {
  const { tag } = LOCALE_INFO[locale];
  const root = document.documentElement;
  if (!root.classList.contains(FACE_LATER_CLASS)) return;
  try {
    if (localStorage.getItem(faceCachedKey(tag))) root.classList.remove(FACE_LATER_CLASS);
  } catch {
    // Storage unreadable: stay in the system's faces.
  }
}
