import {
  CONTENT_LANGUAGE_INFO,
  CONTENT_LANGUAGES,
  type ContentLanguage,
  type LanguageCounts,
} from '@scholar/shared';
import { Link } from 'react-router';
import { useFormat, useT } from '../lib/i18n';
import { SelectField, TextField } from './ui/field';

/**
 * `lang` and `dir` for the element that holds a fatwah's or an article's own text (docs/decisions/041): an Urdu
 * answer is read right to left, with Urdu fonts and line breaking, whatever the language of the page around it.
 */
export function contentLanguageProps(language: ContentLanguage): { lang: string; dir: 'ltr' | 'rtl' } {
  return { lang: language, dir: CONTENT_LANGUAGE_INFO[language].dir };
}

export interface TranslationLink {
  _id: string;
  language: ContentLanguage;
  /** The translation's question or title, in its language: the link's tooltip. */
  label: string;
}

/**
 * The links of a page to its translations, each named in its own language ("اردو", "বাংলা") and marked with it
 * (`lang` for its name, `hreflang` for the page it opens). Nothing without translations.
 */
export function TranslationLinks({
  translations,
  pathOf,
  className = '',
  landmark = true,
}: {
  translations: readonly TranslationLink[] | undefined;
  pathOf: (id: string) => string;
  className?: string;
  /** A page's own links are a navigation landmark; a list's, one per item, are not. */
  landmark?: boolean;
}) {
  const t = useT();
  if (!translations || translations.length === 0) return null;
  const Wrapper = landmark ? 'nav' : 'div';
  return (
    <Wrapper
      role={landmark ? undefined : 'group'}
      aria-label={t('contentLanguage.translations')}
      className={`flex flex-wrap items-center gap-2 text-sm ${className}`}
    >
      <span className="text-stone-600">{t('contentLanguage.alsoIn')}</span>
      <ul className="flex flex-wrap gap-2">
        {translations.map((translation) => (
          <li key={translation._id}>
            <Link
              to={pathOf(translation._id)}
              lang={translation.language}
              hrefLang={translation.language}
              title={translation.label}
              className="font-system inline-block rounded-full border border-brand-200 px-3 py-0.5 font-medium text-brand-700 hover:bg-brand-50"
            >
              {CONTENT_LANGUAGE_INFO[translation.language].name}
            </Link>
          </li>
        ))}
      </ul>
    </Wrapper>
  );
}

/** The desks' Language select: each language by its English name and its own. */
export function LanguageSelect({
  value,
  onChange,
  disabled,
  id,
}: {
  value: ContentLanguage;
  onChange: (language: ContentLanguage) => void;
  disabled?: boolean;
  id?: string;
}) {
  return (
    <SelectField
      label="Language"
      id={id}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as ContentLanguage)}
      hint="The language the text is written in: its pages show it in that language's direction."
    >
      {CONTENT_LANGUAGES.map((language) => (
        <option key={language} value={language}>
          {CONTENT_LANGUAGE_INFO[language].englishName}
          {language === 'en' ? '' : ` (${CONTENT_LANGUAGE_INFO[language].name})`}
        </option>
      ))}
    </SelectField>
  );
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * What the desks send for the "Translation of" field: null when empty, the id within a pasted link
 * (`https://…/fatwah/<id>`), else the text as typed, for the server to refuse with its message.
 */
export function translationOfInput(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return UUID.exec(trimmed)?.[0].toLowerCase() ?? trimmed;
}

/** The desks' "Translation of" field: the link or id of the item this one translates. */
export function TranslationOfField({
  kind,
  value,
  onChange,
  error,
  readOnly,
  id,
}: {
  kind: 'fatwah' | 'article';
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  readOnly?: boolean;
  id?: string;
}) {
  return (
    <TextField
      label="Translation of"
      id={id}
      value={value}
      readOnly={readOnly}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      hint={`Paste the link or id of the ${kind} this one translates; leave empty when it is not a translation.`}
    />
  );
}

/**
 * Under a list that shows the reader's language first (docs/decisions/044): how many items the other languages
 * have, each language named in its own script ("اردو 3 · বাংলা 2"). Nothing when every item is in the reader's
 * language.
 */
export function OtherLanguageCounts({
  counts,
  language,
  className = '',
}: {
  counts: LanguageCounts | undefined;
  language: ContentLanguage;
  className?: string;
}) {
  const t = useT();
  const { number } = useFormat();
  const others = CONTENT_LANGUAGES.filter((other) => other !== language && (counts?.[other] ?? 0) > 0);
  if (others.length === 0) return null;
  return (
    <p className={`flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-600 ${className}`}>
      <span>{t('contentLanguage.firstInYours', { count: counts?.[language] ?? 0 })}</span>
      <span>{t('contentLanguage.inOthers')}</span>
      {others.map((other) => (
        <span key={other} className="inline-flex items-center gap-1">
          {/* In the system's faces: the page downloads no other language's face for its name. */}
          <span lang={other} className="font-system">
            {CONTENT_LANGUAGE_INFO[other].name}
          </span>
          <bdi className="rounded-full bg-stone-100 px-2 text-stone-700">{number(counts?.[other] ?? 0)}</bdi>
        </span>
      ))}
    </p>
  );
}
