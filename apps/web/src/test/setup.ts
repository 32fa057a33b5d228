import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { loadI18n } from '../lib/i18n';

// The screens' messages in English, as a page at an unprefixed address has them.
await loadI18n('en');

// A screen's answer to a click comes within a second alone, but can take longer beside the other test jobs on two
// busy cores (scripts/test.mjs runs them side by side): `waitFor` and `findBy` wait up to 5 s, not the default 1 s.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no showModal: open the dialog as a browser would.
if (!('showModal' in HTMLDialogElement.prototype)) {
  Object.defineProperty(HTMLDialogElement.prototype, 'showModal', {
    value(this: HTMLDialogElement) {
      this.open = true;
    },
  });
}

/**
 * The web project runs its files one after another in the same jsdom (`isolate: false`, vitest.config.ts): what a
 * test changes in the page, the window or the storage would still be there for the next file. After each test, all
 * of it is put back as a fresh jsdom has it.
 */

/** Properties tests replace by assignment or `Object.defineProperty` (a window's scroll, sonner's matchMedia, …). */
const REPLACED: readonly (readonly [object, PropertyKey])[] = [
  [window, 'scrollTo'],
  [window, 'scroll'],
  [window, 'scrollY'],
  [window, 'innerHeight'],
  [window, 'innerWidth'],
  [window, 'matchMedia'],
  [window, 'confirm'],
  [navigator, 'clipboard'],
  [document.documentElement, 'scrollHeight'],
];

interface Pristine {
  href: string;
  descriptors: (PropertyDescriptor | undefined)[];
}

/**
 * How the window was before the worker's first test file. Kept on the window itself, which every file of the
 * worker shares, so that a file's setup never takes what an earlier file left as the original.
 */
const PRISTINE = Symbol.for('web-test-pristine');
const scope = window as unknown as { [PRISTINE]?: Pristine };
scope[PRISTINE] ??= {
  href: window.location.href,
  descriptors: REPLACED.map(([target, key]) => Object.getOwnPropertyDescriptor(target, key)),
};
const pristine = scope[PRISTINE];

function restoreReplacedProperties(): void {
  REPLACED.forEach(([target, key], index) => {
    const descriptor = pristine.descriptors[index];
    if (descriptor) Object.defineProperty(target, key, descriptor);
    else Reflect.deleteProperty(target, key);
  });
}

/** The document as jsdom starts it: an empty head and body, no attributes (lang, dir, a dialog's scroll lock). */
function resetDocument(): void {
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const element of [document.documentElement, document.body]) {
    for (const { name } of [...element.attributes]) element.removeAttribute(name);
  }
  if (window.location.href !== pristine.href) window.history.replaceState(null, '', pristine.href);
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  restoreReplacedProperties();
  resetDocument();
  localStorage.clear();
  sessionStorage.clear();
});
