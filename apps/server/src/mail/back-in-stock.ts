import type { BookLanguage } from '@scholar/shared';
import { escapeHtml, type Mail } from './mailer';
import type { MailLanguage } from './i18n';

/** What the mail says of the book a reader waited for. */
export interface BackInStockBook {
  id: string;
  name: string;
  /** The edition that is back; undefined when the reader waited for any edition. */
  language?: BookLanguage | undefined;
}

/**
 * "{book} is back in stock": sent once to each reader who asked on the book page, in the language they asked in,
 * with the book's link (docs/decisions/056). The book's name is the shop's own text, escaped in the HTML part.
 */
export function backInStockMail(to: string, book: BackInStockBook, lang: MailLanguage): Mail {
  const link = lang.url(`/book/${book.id}`);
  const title = book.language
    ? lang.text('backInStock.edition', {
        name: book.name,
        language: lang.text(`book.language.${book.language}`),
      })
    : book.name;
  const lines = [
    lang.text('greeting.plain'),
    lang.text('backInStock.body', { title }),
    lang.text('backInStock.orderHere', { link }),
    lang.text('backInStock.once'),
  ];
  return {
    to,
    subject: lang.text('backInStock.subject', { title }),
    text: lines.join('\n\n'),
    html: lang.document(
      [
        `<p>${lang.html('greeting.plain')}</p>`,
        `<p>${lang.html('backInStock.body', { title })}</p>`,
        `<p><a href="${escapeHtml(link)}">${lang.html('backInStock.order')}</a></p>`,
        `<p>${lang.html('backInStock.once')}</p>`,
      ].join('\n'),
    ),
  };
}
