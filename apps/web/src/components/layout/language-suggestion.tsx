import type { I18n } from '@lingui/core';
import { isLocale, LOCALE_INFO, localizePath, STORAGE_KEYS, type Locale } from '@scholar/shared';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { loadI18n, useLocale, useT } from '../../lib/i18n';
import { storage } from '../../lib/storage';
import { keepToastsClear } from '../../lib/toast-clearance';
import { rememberLocale } from './language-switcher';

/**
 * The language the reader would rather read, when the site has it: the first of their browser's languages
 * (`navigator.languages`, what it sends as Accept-Language).
 */
export function browserLocale(): Locale | undefined {
  for (const tag of navigator.languages ?? []) {
    const primary = tag.split('-')[0]?.toLowerCase();
    if (isLocale(primary)) return primary;
  }
  return undefined;
}

/** Whether the suggestion may appear: never once the reader chose a language with the switcher, and only once. */
function maySuggest(): boolean {
  try {
    return (
      !isLocale(storage.get<unknown>(STORAGE_KEYS.locale)) &&
      storage.get<unknown>(STORAGE_KEYS.localeSuggestionShown) === null
    );
  } catch {
    return false;
  }
}

/** Remembers that the suggestion was shown, so that it does not come back on the next page. */
function rememberShown(): void {
  try {
    storage.set(STORAGE_KEYS.localeSuggestionShown, true);
  } catch {
    // Storage refused: it may come back on the next page, as it did before this visit.
  }
}

/**
 * A suggestion, never a redirect: on a page in another language than the reader's browser's, a bar at the bottom
 * of the screen (it moves nothing on the page) offers the same page in theirs. It says so in both languages, the
 * reader's and the page's, each in its own direction. It appears once the app runs, so the page the server sent is
 * the same for every reader (and every crawler); it is shown once, and never to a reader who chose a language with
 * the switcher, who knows where the languages are.
 */
export function LanguageSuggestion() {
  const { locale } = useLocale();
  const t = useT();
  const { pathname, search } = useLocation();
  const [suggested, setSuggested] = useState<{ locale: Locale; i18n: I18n } | null>(null);

  useEffect(() => {
    const wanted = browserLocale();
    if (!wanted || wanted === locale || !maySuggest()) return;
    let live = true;
    loadI18n(wanted).then(
      (i18n) => {
        if (!live) return;
        rememberShown();
        setSuggested({ locale: wanted, i18n });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [locale]);

  if (!suggested) return null;
  const info = LOCALE_INFO[suggested.locale];
  const page = LOCALE_INFO[locale];
  const { i18n } = suggested;
  return (
    <aside
      ref={keepToastsClear}
      aria-label={t('language.label')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-brand-100 bg-brand-50 px-4 py-2 shadow-lg"
    >
      <div className="mx-auto flex max-w-7xl items-center gap-x-3 text-sm text-stone-800">
        <p className="min-w-0 flex-1 leading-snug">
          <span lang={info.tag} dir={info.dir} className="block">
            {i18n._('language.suggestion', { language: info.name })}
          </span>
          <span lang={page.tag} dir={page.dir} className="block text-xs text-stone-700">
            {t('language.suggestion', { language: t('language.name', { language: suggested.locale }) })}
          </span>
        </p>
        <a
          href={localizePath(suggested.locale, `${pathname}${search}`)}
          hrefLang={info.tag}
          lang={info.tag}
          dir={info.dir}
          onClick={() => rememberLocale(suggested.locale)}
          className="shrink-0 rounded-md bg-brand-700 px-3 py-1.5 font-semibold text-white hover:bg-brand-800"
        >
          {i18n._('language.read', { language: info.name })}
        </a>
        <button
          type="button"
          onClick={() => setSuggested(null)}
          aria-label={t('language.dismiss')}
          className="grid size-9 shrink-0 place-items-center rounded-md text-stone-700 hover:bg-brand-100"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
    </aside>
  );
}
