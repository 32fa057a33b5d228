import type { CartBook, CartLine } from '@scholar/shared';

/** A book as the cart's price check sends it: Riyad as-Salihin at ₹449.50, stock not tracked. */
export function aCartBook(overrides: Partial<CartBook> = {}): CartBook {
  return {
    _id: '0190b0a0-0000-7000-8000-000000000001',
    name: 'Riyad as-Salihin',
    author: 'Imam an-Nawawi',
    description: '',
    price: 449.5,
    images: [],
    ...overrides,
  };
}

/** One copy of that book in English, as a cart line. */
export function aCartLine(overrides: Partial<CartLine> = {}): CartLine {
  return { ...aCartBook(), quantity: 1, selectedLanguage: 'english', available: true, ...overrides };
}
