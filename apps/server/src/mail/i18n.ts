import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import {
  DEFAULT_LOCALE,
  formatCalendarDateIn,
  formatDateIn,
  formatMoneyIn,
  formatNumberIn,
  LOCALE_INFO,
  LOCALES,
  localizePath,
  type Locale,
} from '@scholar/shared';
import { bn } from './catalogues/bn';
import { en, type MailCatalogue, type MailMessageId } from './catalogues/en';
import { ur } from './catalogues/ur';
import { escapeHtml } from './mailer';

/**
 * Mails in the reader's language (docs/decisions/043): the catalogues of `catalogues/`, compiled once when the
 * server starts (a message that does not parse stops it, naming the message), formatted by Lingui; money, dates
 * and links written for the language.
 */

const CATALOGUES: Record<Locale, MailCatalogue> = { en, ur, bn };

function compile(locale: Locale): I18n {
  const messages: Messages = {};
  for (const [id, message] of Object.entries(CATALOGUES[locale])) {
    try {
      messages[id] = compileMessageOrThrow(message);
    } catch (error) {
      throw new Error(
        `The ${locale} mail message "${id}" does not parse: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
  }
  return setupI18n({ locale, messages: { [locale]: messages } });
}

const I18NS = Object.fromEntries(LOCALES.map((locale) => [locale, compile(locale)])) as Record<Locale, I18n>;

/** A value that is written one way in the plain-text part and another in the HTML part (a link, a bold number). */
export interface Markup {
  text: string;
  /** HTML, already escaped. */
  html: string;
}

/** What a message's braces take: text (escaped in HTML), a number, or markup. */
export type MailValue = string | number | Markup;
export type MailValues = Record<string, MailValue>;

const isMarkup = (value: MailValue): value is Markup => typeof value === 'object';

/** Private-use characters around a value's index while Lingui formats the message: no message text has them. */
const SLOT = /\uE000(\d+)\uE001/g;

/** Left-to-right isolates (U+2066 … U+2069): a price or an order number keeps its order in right-to-left text. */
const isolate = (text: string) => `\u2066${text}\u2069`;

export interface MailLanguage {
  locale: Locale;
  /** The language tag of the HTML root (`ur`, `bn`, `en-IN`). */
  tag: string;
  dir: 'ltr' | 'rtl';
  /** A message as plain text. */
  text: (id: MailMessageId, values?: MailValues) => string;
  /**
   * A message as HTML: its own words escaped, text values escaped, markup values as they are. Values are put in
   * after Lingui formats the message, so nothing a reader typed (a name, a question) is read as ICU or as HTML.
   */
  html: (id: MailMessageId, values?: MailValues) => string;
  /**
   * A value that runs left to right (a price, an order number, an email address): isolated in right-to-left mails.
   * Links are not: a mail client that makes a link of the text could take the isolates into it.
   */
  ltr(text: string): Markup;
  /** A left-to-right value in bold in the HTML part. */
  strong(text: string): Markup;
  /** A price in rupees, as the language writes it: ₹1,00,000.00; ₹১,০০,০০০.০০ in Bengali. */
  money(rupees: number): Markup;
  /** A count in the language's digits. */
  count(value: number): string;
  /** An instant's day in India: `24 Nov 2026`, `24 نومبر، 2026`, `২৪ নভেঃ, ২০২৬`. */
  date(value: string | Date): string;
  /** A calendar day (YYYY-MM-DD) written as `date` writes one (`2 Dec 2026`); anything else as it was typed. */
  calendarDate(day: string): string;
  /** An absolute link to a page of the site in this language (`/dashboard` → `…/ur/dashboard`). */
  url(path: string): string;
  /** The site's home page in this language. */
  home: string;
  /** Which side of a table cell a number sits on: the end of the line. */
  end: 'left' | 'right';
  /** The whole HTML part: a document whose root says the language and direction. */
  document(body: string): string;
}

/**
 * The mails' language for a reader: `locale` as kept on their order, question or account. English is written
 * exactly as before the site had other languages (`formatMoney`, `formatDate`, the unprefixed links).
 */
export function mailLanguage(locale: Locale, publicUrl: string): MailLanguage {
  const info = LOCALE_INFO[locale];
  const i18n = I18NS[locale];
  const english = locale === DEFAULT_LOCALE;
  const rtl = info.dir === 'rtl';

  const format = (
    id: MailMessageId,
    values: MailValues,
    piece: (value: MailValue) => string,
    words: (text: string) => string,
  ) => {
    const slots: MailValue[] = [];
    const passed: Record<string, string | number> = {};
    for (const [name, value] of Object.entries(values)) {
      if (typeof value === 'number') passed[name] = value;
      else {
        passed[name] = `\uE000${slots.length}\uE001`;
        slots.push(value);
      }
    }
    const formatted = i18n._(id, passed);
    let out = '';
    let last = 0;
    for (const match of formatted.matchAll(SLOT)) {
      out += words(formatted.slice(last, match.index)) + piece(slots[Number(match[1])]!);
      last = match.index + match[0].length;
    }
    return out + words(formatted.slice(last));
  };

  const ltr = (text: string): Markup =>
    rtl
      ? { text: isolate(text), html: `<bdi dir="ltr">${escapeHtml(text)}</bdi>` }
      : { text, html: escapeHtml(text) };

  return {
    locale,
    tag: info.tag,
    dir: info.dir,
    text: (id, values = {}) =>
      format(
        id,
        values,
        (value) => (isMarkup(value) ? value.text : String(value)),
        (words) => words,
      ),
    html: (id, values = {}) =>
      format(id, values, (value) => (isMarkup(value) ? value.html : escapeHtml(String(value))), escapeHtml),
    ltr,
    strong: (text) => {
      const value = ltr(text);
      return { text: value.text, html: `<strong>${value.html}</strong>` };
    },
    money: (rupees) => ltr(formatMoneyIn(locale, rupees)),
    count: (value) => (english ? String(value) : formatNumberIn(locale, value)),
    date: (value) => formatDateIn(locale, value),
    calendarDate: (day) => formatCalendarDateIn(locale, day) || day,
    url: (path) => `${publicUrl}${localizePath(locale, path)}`,
    home: `${publicUrl}${info.prefix}`,
    end: rtl ? 'left' : 'right',
    document: (body) =>
      `<!doctype html>
<html lang="${info.tag}" dir="${info.dir}">
<head><meta charset="utf-8"></head>
<body dir="${info.dir}">
<div lang="${info.tag}" dir="${info.dir}" style="direction:${info.dir};text-align:${rtl ? 'right' : 'left'}">
${body}
</div>
</body>
</html>`,
  };
}
