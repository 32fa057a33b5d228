import { createHash } from 'node:crypto';
import { FACE_LATER_CLASS, LOCALE_INFO, LOCALES, faceCachedKey } from '@scholar/shared';

/**
 * How the head's script tells whether the system has a face for a language's script: a few of its letters, and a
 * code point of the same block that no face draws. Drawn in the system's faces, a letter is as wide as that one only
 * when both are the missing-glyph box.
 */
export const SCRIPT_PROBES: Record<string, readonly [letters: string, unassigned: string]> = {
  // ک ی ا ٹ ھ ے (Urdu's own letters among them) against U+0892 (Arabic Extended-B, unassigned).
  ur: ['\u06A9\u06CC\u0627\u0679\u06BE\u06D2', '\u0892'],
  // ক খ গ ঘ ঙ against U+0984 (Bengali, unassigned).
  bn: ['\u0995\u0996\u0997\u0998\u0999', '\u0984'],
};

/** The languages whose pages have a face of their own (`ur`, `bn`), by their `<html lang>`. */
const PROBES_BY_TAG = Object.fromEntries(
  LOCALES.filter((locale) => LOCALE_INFO[locale].font).map((locale) => {
    const probe = SCRIPT_PROBES[locale];
    if (!probe) throw new Error(`No probe of the system's faces for ${locale}`);
    return [LOCALE_INFO[locale].tag, probe];
  }),
);

/**
 * The head's script that chooses the page's faces before its first layout (docs/decisions/071). An Urdu or Bengali
 * page whose face this browser has not fetched before, on a system with a face for its script (a phone, Windows,
 * macOS), is drawn in the system's faces (`FACE_LATER_CLASS`): the app fetches the page's face once the page has
 * loaded, for the pages after it (apps/web/src/lib/faces.ts). A system without one, a browser without script, or
 * one whose storage cannot be read draws the page in its face at once as before (`font-display: optional`).
 */
export const FACE_CHOICE_SCRIPT = `(function () {
  var root = document.documentElement;
  var probe = ${JSON.stringify(PROBES_BY_TAG)}[root.lang];
  if (!probe) return;
  try {
    if (localStorage.getItem(${JSON.stringify(faceCachedKey(''))} + root.lang)) return;
    var context = document.createElement('canvas').getContext('2d');
    context.font = '16px sans-serif';
    var missing = context.measureText(probe[1]).width;
    for (var i = 0; i < probe[0].length; i++) {
      if (context.measureText(probe[0].charAt(i)).width === missing) return;
    }
  } catch (error) {
    return;
  }
  root.classList.add(${JSON.stringify(FACE_LATER_CLASS)});
})();`;

/** The `script-src` source that allows `FACE_CHOICE_SCRIPT` inline. */
export const FACE_CHOICE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(FACE_CHOICE_SCRIPT).digest('base64')}'`;
