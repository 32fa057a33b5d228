import { FallbackChip, bookIn, textLanguageProps } from '../lib/book-text';
import { BOOK_PAGE_IMAGE_SIZES, bookHead, missingItemHead, paths } from '@scholar/shared';
import { ShoppingCart } from 'lucide-react';
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useCartPanel } from '../../../components/cart-panel';
import { LineLimitHint } from '../../../components/line-limit-hint';
import { CheckDelivery } from '../../../components/delivery/check-delivery';
import { BackLink } from '../../../components/ui/back-link';
import { PageMessage } from '../../../components/ui/page-message';
import { ApiError } from '../../../lib/api-client';
import { useCart } from '../../../lib/cart';
import { Head, useHead } from '../../../lib/head';
import { useLanguageName } from '../../../lib/book-languages';
import { Money, useFormat, useLocale, useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { isMissingBook, useBook } from '../api/get-book';
import { AddToCartForm, useAddRefusal } from '../components/add-to-cart-form';
import { EditionPicker } from '../components/edition-picker';
import { ImageCarousel } from '../components/image-carousel';
import { NotifyMe } from '../components/notify-me';
import { ProductDetails } from '../components/product-details';
import { QuantityStepper } from '../components/quantity-stepper';
import { isOutOfStock, StockLabel } from '../components/stock-label';
import { defaultEdition, editionsOf } from '../lib/editions';

/** The sentence beside the quantity once it reaches the most copies of a book an order may hold. */
const LINE_LIMIT_HINT_ID = 'line-limit-hint';

function BookNotFound() {
  useHead((site) => missingItemHead('book', site.locale));
  const t = useT();
  return (
    <PageMessage title={t('book.notFound.title')} link={{ to: paths.books, label: t('book.notFound.link') }}>
      {t('book.notFound.text')}
    </PageMessage>
  );
}

/**
 * /book/{bookId}: pictures, details, the language (one of the book's editions), quantity and Add to Cart
 * (docs/product.md, "Books"). The price, the stock and the copies that can be added are the chosen edition's.
 */
export function BookPage() {
  const { bookId = '' } = useParams();
  const { data: book, isPending, isError, error, refetch } = useBook(bookId);
  // Every staff role: staff have no cart.
  const { isStaff: isAdmin } = useSession();
  const { add: addToCart } = useCart();
  // Once the book is in the cart, a panel with the ways on (View cart, Checkout); it gives the focus back here.
  const cartPanel = useCartPanel();
  const addButton = useRef<HTMLButtonElement>(null);
  // An Add to Cart the server refused (posted without the script) shows again as it was sent.
  const refusal = useAddRefusal(bookId);
  const [quantity, setQuantity] = useState(() => refusal?.quantity ?? 1);
  // The reader's pick of a language; until then, the edition `defaultEdition` offers: the page's language when the
  // book is printed in it, even sold out (it says so and offers to tell the reader when it is back).
  const [picked, setPicked] = useState<string | null>(() => refusal?.language || null);
  const t = useT();
  const { number } = useFormat();
  const { locale } = useLocale();
  const languageName = useLanguageName();

  if (isPending) {
    return (
      <p role="status" className="mx-auto max-w-6xl px-4 py-12 text-stone-600">
        {t('book.loading')}
      </p>
    );
  }
  if (isError) {
    if (isMissingBook(error)) return <BookNotFound />;
    return (
      <div role="alert" className="mx-auto max-w-6xl px-4 py-12">
        <p className="text-red-700">{t('book.loadFailed')}</p>
        <button type="button" onClick={() => void refetch()} className="mt-3 text-brand-700 underline">
          {t('book.retry')}
        </button>
      </div>
    );
  }

  // Its name, author and description in the page's language where written, else in English, marked so.
  const { book: shown, languages } = bookIn(book, locale);
  const editions = editionsOf(book);
  const edition = editions.find((offered) => offered.language === picked) ?? defaultEdition(editions, locale);
  const soldOut = isOutOfStock(edition.stock);
  // A message names the edition when the book has several: "Riyad as-Salihin (Bengali)".
  const title =
    editions.length > 1
      ? t('shop.cart.edition', { name: shown.name, language: languageName(edition.language) })
      : shown.name;

  const pick = (language: string) => {
    setPicked(language);
    const stock = editions.find((offered) => offered.language === language)?.stock;
    // No more copies than the new edition has left (but at least one, for an edition that has none).
    if (typeof stock === 'number' && stock > 0) setQuantity((current) => Math.min(current, stock));
  };

  const onAdd = () => {
    if (edition.stock !== null && quantity > edition.stock) {
      toast.error(
        t('book.notEnoughStock', {
          name: title,
          count: Math.max(0, edition.stock),
          copies: number(Math.max(0, edition.stock)),
        }),
      );
      return;
    }
    addToCart.mutate(
      { book: { ...book, price: edition.price }, quantity, selectedLanguage: edition.language },
      {
        onSuccess: () => {
          cartPanel.show({ name: shown.name, language: edition.language, quantity }, addButton.current);
        },
        onError: (failure) => {
          // Fewer copies left than asked for: the server's sentence names the book.
          if (failure instanceof ApiError && failure.code === 'NOT_ENOUGH_STOCK')
            toast.error(failure.message);
          else toast.error(t('book.addFailed'));
        },
      },
    );
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 md:py-12">
      <Head make={(site) => bookHead(shown, site)} />
      <BackLink to={paths.books}>{t('book.back')}</BackLink>
      <div className="mt-6 grid gap-8 md:grid-cols-2 md:gap-12">
        <ImageCarousel images={book.images} name={shown.name} sizes={BOOK_PAGE_IMAGE_SIZES} />
        <div className="flex flex-col">
          <h1 className="font-serif text-3xl font-bold text-brand-800 md:text-4xl">
            <span {...textLanguageProps(languages.name, locale)}>{shown.name}</span>
            <FallbackChip language={languages.name} />
          </h1>
          <p className="mt-2 text-lg text-stone-600">
            <span className="sr-only">{t('book.author')}</span>
            <span {...textLanguageProps(languages.author, locale)}>{shown.author}</span>
          </p>
          <p className="mt-4 text-2xl font-semibold text-brand-700">
            <span className="sr-only">{t('book.price')}</span>
            <Money value={edition.price} />
          </p>
          {soldOut && editions.length > 1 ? (
            // A book in several languages names the sold-out one: the reader may choose another themselves.
            <p className="mt-2 text-sm font-medium text-red-700">
              {t('book.edition.out', { language: languageName(edition.language) })}
            </p>
          ) : (
            <StockLabel stock={edition.stock} className="mt-2" />
          )}
          <AddToCartForm
            bookId={book._id}
            {...(editions.length === 1 ? { language: edition.language } : {})}
            onAdd={onAdd}
          >
            <EditionPicker
              editions={editions}
              value={edition.language}
              onChange={pick}
              name="language"
              className="mt-6"
            />
            <div className="mt-6 flex flex-wrap items-end gap-4">
              <QuantityStepper
                value={quantity}
                onChange={setQuantity}
                min={1}
                max={edition.stock !== null && edition.stock > 0 ? edition.stock : undefined}
                describedBy={LINE_LIMIT_HINT_ID}
                name="quantity"
              />
              <button
                ref={addButton}
                type="submit"
                disabled={isAdmin || soldOut || addToCart.isPending}
                aria-describedby={isAdmin ? 'admin-cart-note' : undefined}
                className="inline-flex h-10 items-center gap-2 rounded-md bg-brand-700 px-5 font-medium text-white transition hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-stone-400"
              >
                <ShoppingCart aria-hidden="true" className="size-5" />
                {addToCart.isPending ? t('book.adding') : t('book.addToCart')}
              </button>
            </div>
            {refusal && (
              <p role="alert" className="mt-2 text-sm font-medium text-red-700">
                {refusal.text(title)}
              </p>
            )}
          </AddToCartForm>
          <LineLimitHint id={LINE_LIMIT_HINT_ID} quantity={quantity} className="mt-2" />
          <CheckDelivery quantity={quantity} className="mt-4" />
          {soldOut && !isAdmin && (
            <NotifyMe key={edition.language} bookId={book._id} language={edition.language} className="mt-4" />
          )}
          {cartPanel.panel}
          {isAdmin && (
            <p id="admin-cart-note" className="mt-2 text-sm text-stone-600">
              {t('book.adminNote')}
            </p>
          )}
          <section aria-labelledby="description-heading" className="mt-8 border-t border-stone-200 pt-6">
            <h2 id="description-heading" className="font-serif text-xl font-semibold text-stone-900">
              {t('book.description')}
            </h2>
            <p
              className="urdu-reading mt-3 leading-relaxed whitespace-pre-line text-stone-700"
              {...textLanguageProps(languages.description, locale)}
            >
              {shown.description}
              <FallbackChip language={languages.description} />
            </p>
          </section>
          <ProductDetails book={book} className="mt-8 border-t border-stone-200 pt-6" />
        </div>
      </div>
    </div>
  );
}
