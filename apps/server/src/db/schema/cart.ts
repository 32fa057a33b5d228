import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { money, createdAt, updatedAt } from './columns';
import { users } from './users';

export const cartItems = pgTable(
  'cart_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * No foreign key: a line outlives its book, so that the customer is told the book is gone ("No longer
     * available") instead of finding it silently missing (docs/decisions/016).
     */
    bookId: uuid('book_id').notNull(),
    quantity: integer('quantity').notNull(),
    selectedLanguage: text('selected_language').notNull().default('english'),
    /** The book's name and price when the customer last saw them on this line: a change is named on the line. */
    seenName: text('seen_name').notNull(),
    seenPricePaise: money('seen_price_paise').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // One line per edition: the Urdu and the Bengali edition of one book are two lines.
  (t) => [
    primaryKey({ columns: [t.userId, t.bookId, t.selectedLanguage] }),
    index('cart_items_book_idx').on(t.bookId),
  ],
);
