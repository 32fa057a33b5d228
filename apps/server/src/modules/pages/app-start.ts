import { createHash } from 'node:crypto';
import { escapeHtml } from './markup';

/**
 * How a page rendered on the server starts the app: after the page has loaded and been painted, not beside it.
 *
 * The page is readable without the app's code (~115 KB compressed), which only makes it interactive. Fetched at
 * once, that code shares a slow link with the page's pictures (the cover, the hero) and runs before the text is
 * painted; started once the page has loaded and the browser says it has painted it (`first-contentful-paint`),
 * the reader sees the page first, on a phone as on a fast machine, and the app takes the page over a moment later.
 * A page that does not finish loading (a picture that never comes) starts the app after 3 s all the same.
 *
 * The script is the same on every page (it reads the files from `#root`'s data attributes), so the content
 * security policy allows it by its hash (`APP_START_SCRIPT_HASH`, plugins/security.ts) and nothing else inline.
 * See docs/decisions/040-public-pages-rendered-on-the-server.md.
 */
export const APP_START_SCRIPT = `(function () {
  var root = document.getElementById('root');
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var modules = (root.getAttribute('data-modules') || '').split(' ');
    for (var i = 0; i < modules.length; i++) {
      if (!modules[i]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = modules[i];
      document.head.appendChild(link);
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = root.getAttribute('data-app');
    document.head.appendChild(script);
  }
  // Started once the page has loaded and the browser has reported its first paint with content, in a task of
  // its own; after 3 s in any case.
  var loaded = document.readyState === 'complete';
  var painted = false;
  function whenShown() {
    if (loaded && painted) setTimeout(start, 0);
  }
  if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes &&
      PerformanceObserver.supportedEntryTypes.indexOf('paint') !== -1) {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      painted = true;
      whenShown();
    }).observe({ type: 'paint', buffered: true });
  } else painted = true;
  if (!loaded) {
    addEventListener('load', function () {
      loaded = true;
      whenShown();
    }, { once: true });
  }
  whenShown();
  setTimeout(start, 3000);
})();`;

/** The `script-src` source that allows `APP_START_SCRIPT` inline. */
export const APP_START_SCRIPT_HASH = `'sha256-${createHash('sha256').update(APP_START_SCRIPT).digest('base64')}'`;

/** index.html's entry script: the app, which a rendered page starts later. */
const ENTRY_SCRIPT = /[ \t]*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\n?/;

/**
 * A rendered page's HTML: index.html without its entry script, the render in `#root` (which names the app's entry
 * and the screen's code), the data the render was made from, and the script that starts the app after paint.
 * Without an entry script in index.html (a build without one), the page is returned as it is, without the app.
 */
export function withAppStartedAfterPaint(
  indexHtml: string,
  page: { html: string; dataScript: string },
  modules: readonly string[],
): string {
  const entry = ENTRY_SCRIPT.exec(indexHtml)?.[1];
  const root =
    entry === undefined
      ? `<div id="root">${page.html}</div>\n    ${page.dataScript}`
      : `<div id="root" data-app="${escapeHtml(entry)}" data-modules="${escapeHtml(modules.join(' '))}">${page.html}</div>\n    ${page.dataScript}\n    <script>${APP_START_SCRIPT}</script>`;
  return indexHtml.replace(ENTRY_SCRIPT, '').replace('<div id="root"></div>', () => root);
}
