import type { I18n } from '@lingui/core';
import { isLocale, LOCALE_INFO, localizePath, STORAGE_KEYS, type Locale } from '@scholar/shared';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { loadI18n, useLocale } from '../../lib/i18n';
import { storage } from '../../lib/storage';
import { keepToastsClear } from '../../lib/toast-clearance';
import { rememberLocale } from './language-switcher';

/**
 * The language the reader would rather read: the one they chose with the switcher, else the first of their
 * browser's languages (`navigator.languages`, what it sends as Accept-Language) that the site has.
 */
export function preferredLocale(): Locale | undefined {
  const chosen = storage.get<unknown>(STORAGE_KEYS.locale);
  if (isLocale(chosen)) return chosen;
  for (const tag of navigator.languages ?? []) {
    const primary = tag.split('-')[0]?.toLowerCase();
    if (isLocale(primary)) return primary;
  }
  return undefined;
}

const dismissed = () => {
  try {
    return sessionStorage.getItem(STORAGE_KEYS.localeSuggestionDismissed) !== null;
  } catch {
    return false;
  }
};

/**
 * A suggestion, never a redirect: on a page in another language than the reader's, a bar at the bottom of the
 * screen (it moves nothing on the page) offers the same page in theirs, written in theirs. It appears once the app
 * runs, so the page the server sent is the same for every reader (and every crawler); dismissing it holds for the
 * visit.
 */
export function LanguageSuggestion() {
  const { locale } = useLocale();
  const { pathname, search } = useLocation();
  const [suggested, setSuggested] = useState<{ locale: Locale; i18n: I18n } | null>(null);

  useEffect(() => {
    const wanted = preferredLocale();
    if (!wanted || wanted === locale || dismissed()) return;
    let live = true;
    loadI18n(wanted).then(
      (i18n) => {
        if (live) setSuggested({ locale: wanted, i18n });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [locale]);

  if (!suggested) return null;
  const info = LOCALE_INFO[suggested.locale];
  const { i18n } = suggested;
  const dismiss = () => {
    try {
      sessionStorage.setItem(STORAGE_KEYS.localeSuggestionDismissed, '1');
    } catch {
      // The bar goes for this page only.
    }
    setSuggested(null);
  };
  return (
    <aside
      ref={keepToastsClear}
      lang={info.tag}
      dir={info.dir}
      aria-label={i18n._('language.label')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-brand-100 bg-brand-50 px-4 py-3 shadow-lg"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 text-sm text-stone-800">
        <p>{i18n._('language.suggestion', { language: info.name })}</p>
        <a
          href={localizePath(suggested.locale, `${pathname}${search}`)}
          hrefLang={info.tag}
          onClick={() => rememberLocale(suggested.locale)}
          className="rounded-md bg-brand-700 px-3 py-1.5 font-semibold text-white hover:bg-brand-800"
        >
          {i18n._('language.read', { language: info.name })}
        </a>
        <button
          type="button"
          onClick={dismiss}
          aria-label={i18n._('language.dismiss')}
          className="ms-auto grid size-9 place-items-center rounded-md text-stone-700 hover:bg-brand-100"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
    </aside>
  );
}
