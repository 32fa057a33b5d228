import { notEnoughStockMessage, ORDER_MESSAGES } from '@scholar/shared';
import { describe, expect, it } from 'vitest';
import en from '../locales/en/errors.json';
import { KNOWN_SENTENCES, errorTextIn } from './error-text';
import { loadI18n } from './i18n';

describe('sentences from the checks and the server, in the page language', () => {
  it('has an English message equal to each known sentence, so that the two cannot drift apart', () => {
    for (const [sentence, id] of Object.entries(KNOWN_SENTENCES)) {
      expect((en as Record<string, string>)[id], id).toBe(sentence);
    }
  });

  it('reads a known sentence in Urdu and Bengali, and leaves English and unknown sentences as they are', async () => {
    const [english, urdu, bengali] = await Promise.all([loadI18n('en'), loadI18n('ur'), loadI18n('bn')]);
    expect(errorTextIn(urdu, 'Please fill all contact details')).toBe(
      'براہِ کرم رابطے کی تمام تفصیلات پُر کریں',
    );
    expect(errorTextIn(bengali, 'Invalid email or password')).toBe('ইমেল বা পাসওয়ার্ড সঠিক নয়');
    expect(errorTextIn(english, 'Please fill all contact details')).toBe('Please fill all contact details');
    expect(errorTextIn(urdu, 'Something only the server knows')).toBe('Something only the server knows');
  });

  it('reads the failures of the order lists, status changes and the CSV export in Urdu and Bengali', async () => {
    const [urdu, bengali] = await Promise.all([loadI18n('ur'), loadI18n('bn')]);
    expect(errorTextIn(urdu, ORDER_MESSAGES.getFailed)).toBe('آرڈر حاصل نہیں کیے جا سکے');
    expect(errorTextIn(bengali, ORDER_MESSAGES.statusFailed)).toBe('অর্ডারের অবস্থা আপডেট করা যায়নি');
    expect(errorTextIn(bengali, ORDER_MESSAGES.exportFailed)).toBe('অর্ডারগুলো এক্সপোর্ট করা যায়নি');
  });

  it('reads the stock sentences with the book named and the count in the language’s digits', async () => {
    const [urdu, bengali] = await Promise.all([loadI18n('ur'), loadI18n('bn')]);
    expect(errorTextIn(bengali, notEnoughStockMessage('Forty Hadith (Bengali)', 2))).toBe(
      'Forty Hadith (Bengali)-এর মাত্র ২টি কপি বাকি আছে',
    );
    expect(errorTextIn(urdu, notEnoughStockMessage('Forty Hadith', 1))).toBe(
      'Forty Hadith کا صرف 1 نسخہ باقی ہے',
    );
    expect(errorTextIn(urdu, notEnoughStockMessage('Forty Hadith', 0))).toBe(
      'Forty Hadith اسٹاک میں نہیں ہے',
    );
  });
});
