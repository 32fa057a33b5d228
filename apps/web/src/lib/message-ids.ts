import type account from '../locales/en/account.json';
import type delivery from '../locales/en/delivery.json';
import type articles from '../locales/en/articles.json';
import type books from '../locales/en/books.json';
import type bookDetails from '../locales/en/book-details.json';
import type cartPanel from '../locales/en/cart-panel.json';
import type checkoutForm from '../locales/en/checkout-form.json';
import type coupons from '../locales/en/coupons.json';
import type common from '../locales/en/common.json';
import type desk from '../locales/en/desk.json';
import type errors from '../locales/en/errors.json';
import type fatwahs from '../locales/en/fatwahs.json';
import type home from '../locales/en/home.json';
import type pages from '../locales/en/pages.json';
import type shop from '../locales/en/shop.json';
import type subscriptions from '../locales/en/subscriptions.json';
import type track from '../locales/en/track.json';
import type emailProof from '../locales/en/email-proof.json';
import type bills from '../locales/en/bills.json';
import type returns from '../locales/en/returns.json';

/**
 * The English messages, a file per part of the site (src/locales/en), which every other language follows. A new
 * file of messages is added here too.
 */
type English = typeof common &
  typeof coupons &
  typeof delivery &
  typeof home &
  typeof books &
  typeof bookDetails &
  typeof shop &
  typeof fatwahs &
  typeof desk &
  typeof articles &
  typeof account &
  typeof pages &
  typeof errors &
  typeof subscriptions &
  typeof cartPanel &
  typeof checkoutForm &
  typeof track &
  typeof emailProof &
  typeof bills &
  typeof returns;

/** The id of a message: a key of the English catalogue. */
export type MessageId = keyof English;
