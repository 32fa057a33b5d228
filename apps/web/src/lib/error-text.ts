import type { I18n } from '@lingui/core';
import {
  EDITION_MESSAGES,
  FATWAH_MESSAGES,
  MAX_LINE_QUANTITY_MESSAGE,
  MESSAGES,
  ORDER_MESSAGES,
  PAYMENT_MESSAGES,
} from '@scholar/shared';
import type { MessageId } from './message-ids';

/**
 * The sentences a reader may be told by a form's checks (the shared zod schemas) or by the server, which are
 * written in English once, in `@scholar/shared` and the server, and read here in the page's language: each known
 * sentence has a message of `src/locales/<lang>/errors.json` (the English one the same sentence, a test holds them
 * equal). A sentence not known here is shown as it came.
 */
export const KNOWN_SENTENCES: Readonly<Record<string, MessageId>> = {
  [MESSAGES.passwordTooShort]: 'error.passwordTooShort',
  [MESSAGES.passwordsDoNotMatch]: 'error.passwordsDoNotMatch',
  [MESSAGES.invalidEmail]: 'error.invalidEmail',
  [MESSAGES.invalidPhone]: 'error.invalidPhone',
  [MESSAGES.nameRequired]: 'error.nameRequired',
  [MESSAGES.addressRequired]: 'error.addressRequired',
  [MESSAGES.invalidPincode]: 'error.invalidPincode',
  [MESSAGES.invalidState]: 'error.invalidState',
  [MESSAGES.currentPasswordRequired]: 'error.currentPasswordRequired',
  [MESSAGES.currentPasswordWrong]: 'error.currentPasswordWrong',
  [MESSAGES.currentPasswordMissing]: 'error.currentPasswordMissing',
  [FATWAH_MESSAGES.questionRequired]: 'error.questionRequired',
  [FATWAH_MESSAGES.categoryRequired]: 'error.categoryRequired',
  [FATWAH_MESSAGES.submitted]: 'error.questionSubmitted',
  [PAYMENT_MESSAGES.emptyCart]: 'error.emptyCart',
  [PAYMENT_MESSAGES.unavailable]: 'error.unavailable',
  [PAYMENT_MESSAGES.priceChanged]: 'error.priceChanged',
  [PAYMENT_MESSAGES.addressRequired]: 'error.paymentAddressRequired',
  [PAYMENT_MESSAGES.contactRequired]: 'error.contactRequired',
  [PAYMENT_MESSAGES.addressDetailsRequired]: 'error.addressDetailsRequired',
  [PAYMENT_MESSAGES.invalidParameters]: 'error.invalidParameters',
  [PAYMENT_MESSAGES.verificationFailed]: 'error.verificationFailed',
  [PAYMENT_MESSAGES.sessionExpired]: 'error.sessionExpired',
  [EDITION_MESSAGES.unknownLanguage]: 'error.unknownLanguage',
  [EDITION_MESSAGES.notOffered]: 'error.editionNotOffered',
  [MAX_LINE_QUANTITY_MESSAGE]: 'error.maxLineQuantity',
  [ORDER_MESSAGES.getFailed]: 'error.ordersGetFailed',
  [ORDER_MESSAGES.statusFailed]: 'error.orderStatusFailed',
  [ORDER_MESSAGES.exportFailed]: 'error.ordersExportFailed',
  // The server's own sentences (modules/auth, modules/payments).
  'Please enter your password': 'error.passwordRequired',
  'Invalid email or password': 'error.invalidCredentials',
  'An account with this email already exists': 'error.emailTaken',
  'This reset link is invalid or has expired': 'error.resetLinkInvalid',
  'This session has ended. Please log in again.': 'error.sessionEnded',
  'Too many payment attempts from this network. Please wait a few minutes and try again.':
    'error.tooManyPayments',
  'Too many password reset attempts. Please try again later.': 'error.tooManyResets',
  'Too many registrations from this network. Please try again later.': 'error.tooManyRegistrations',
};

/** Sentences with a value in them (`notEnoughStockMessage` of `@scholar/shared`): the pattern and its values. */
const PATTERNS: readonly [RegExp, MessageId, (match: RegExpExecArray) => Record<string, unknown>][] = [
  [/^(.+) is out of stock$/, 'error.outOfStock', (m) => ({ name: m[1] })],
  [/^Only 1 copy of (.+) is left$/, 'error.copiesLeft', (m) => ({ count: 1, name: m[1] })],
  [/^Only (\d+) copies of (.+) are left$/, 'error.copiesLeft', (m) => ({ count: Number(m[1]), name: m[2] })],
];

/** A sentence in the language of `i18n`: its translation when it is one of the known sentences, else itself. */
export function errorTextIn(i18n: I18n, sentence: string): string {
  if (i18n.locale === 'en') return sentence;
  const id = KNOWN_SENTENCES[sentence];
  if (id) return i18n._(id);
  for (const [pattern, patternId, values] of PATTERNS) {
    const match = pattern.exec(sentence);
    if (match) return i18n._(patternId, values(match));
  }
  return sentence;
}
