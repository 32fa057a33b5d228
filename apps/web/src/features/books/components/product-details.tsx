import { BOOK_BINDINGS, type Book, type BookBinding } from '@scholar/shared';
import { useFormat, useT, type MessageId } from '../../../lib/i18n';

const BINDING_IDS: Record<BookBinding, MessageId> = {
  paperback: 'bookDetails.binding.paperback',
  hardcover: 'bookDetails.binding.hardcover',
  leather: 'bookDetails.binding.leather',
};

const isBinding = (value: string): value is BookBinding =>
  (BOOK_BINDINGS as readonly string[]).includes(value);

/** An ISBN as it is usually printed: 978-0-306-40615-7 splits only by its prefix; kept compact otherwise. */
const printedIsbn = (isbn: string) => (isbn.length === 13 ? `${isbn.slice(0, 3)}-${isbn.slice(3)}` : isbn);

/**
 * The book's product details (pages, binding, ISBN, publisher) as a definition list, the labels in the reader's
 * language; nothing when the desk gave none.
 */
export function ProductDetails({ book, className = '' }: { book: Book; className?: string }) {
  const t = useT();
  const { number } = useFormat();
  const rows: [MessageId, string, boolean?][] = [];
  if (book.pages) rows.push(['bookDetails.pages', number(book.pages)]);
  if (book.binding) {
    rows.push(['bookDetails.binding', isBinding(book.binding) ? t(BINDING_IDS[book.binding]) : book.binding]);
  }
  if (book.isbn) rows.push(['bookDetails.isbn', printedIsbn(book.isbn), true]);
  if (book.publisher) rows.push(['bookDetails.publisher', book.publisher]);
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="product-details-heading" className={className}>
      <h2 id="product-details-heading" className="font-serif text-xl font-semibold text-stone-900">
        {t('bookDetails.heading')}
      </h2>
      <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
        {rows.map(([label, value, ltr]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-stone-600">{t(label)}</dt>
            <dd className="text-stone-900">{ltr ? <bdi dir="ltr">{value}</bdi> : value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
