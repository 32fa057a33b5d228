import { describe, expect, it } from 'vitest';
import { normalizeIndianPhone } from './phone';
import {
  MESSAGES,
  guestInfoSchema,
  phoneSchema,
  profileBodySchema,
  registerBodySchema,
  registerFormSchema,
} from './index';

describe('normalizeIndianPhone', () => {
  it.each([
    '+91 98200 22222',
    '+91-9820022222',
    '+919820022222',
    '+91 098200 22222',
    '09820022222',
    '919820022222',
    '0091 98200 22222',
    '98200 22222',
    '9820022222',
    ' 98200-22222 ',
    '+91 (98200) 22222',
  ])('reads %j as 9820022222', (input) => {
    expect(normalizeIndianPhone(input)).toBe('9820022222');
  });

  it.each([
    ['nine digits', '98200 2222'],
    ['eleven digits', '98200 222221'],
    ['a landline-like start', '1820022222'],
    ['starting with 5', '5820022222'],
    ['another country code', '+1 9820022222'],
    ['a plus without 91', '+9820022222'],
    ['letters', '98200 2222a'],
    ['an empty string', ''],
    ['only a plus', '+'],
    ['a plus in the middle', '98200+22222'],
  ])('refuses %s', (_what, input) => {
    expect(normalizeIndianPhone(input)).toBeNull();
  });

  it('keeps a 10-digit number that starts with 91 as it is', () => {
    expect(normalizeIndianPhone('9123456789')).toBe('9123456789');
  });

  it('refuses what is not text', () => {
    expect(normalizeIndianPhone(undefined)).toBeNull();
    expect(normalizeIndianPhone(null)).toBeNull();
  });
});

describe('phoneSchema', () => {
  it('gives the 10 digits of any way of writing the number', () => {
    expect(phoneSchema.parse('+91 98200 22222')).toBe('9820022222');
    expect(phoneSchema.parse('09820022222')).toBe('9820022222');
  });

  it('refuses a 9-digit number with the 10-digit message', () => {
    const result = phoneSchema.safeParse('98200 2222');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Enter a 10-digit mobile number']);
    expect(MESSAGES.invalidPhone).toBe('Enter a 10-digit mobile number');
  });

  it('stores 10 digits from registration, the profile and guest checkout', () => {
    const register = registerBodySchema.parse({
      name: 'Asha',
      email: 'asha@example.in',
      phone: '+91-9820022222',
      password: 'secret12',
    });
    expect(register.phone).toBe('9820022222');
    expect(
      profileBodySchema.parse({ name: 'Asha', email: 'asha@example.in', phone: '919820022222' }).phone,
    ).toBe('9820022222');
    const guest = guestInfoSchema.parse({
      name: 'Asha',
      email: 'asha@example.in',
      phone: '+91 98200 22222',
      address: { addressLine1: '1 Park Street', city: 'Kolkata', state: 'West Bengal', pincode: '700016' },
    });
    expect(guest.phone).toBe('9820022222');
  });

  it('is one issue among the others: the form still says the two passwords differ', () => {
    const result = registerFormSchema.safeParse({
      name: 'Asha',
      email: 'asha@example.in',
      phone: '98200 2222',
      password: 'secret12',
      confirmPassword: 'secret13',
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['phone', 'Enter a 10-digit mobile number'],
      ['confirmPassword', 'Passwords do not match'],
    ]);
  });

  it('asks for the contact details when the guest leaves the phone blank', () => {
    const result = guestInfoSchema.safeParse({
      name: 'Asha',
      email: 'asha@example.in',
      phone: ' ',
      address: { addressLine1: '1 Park Street', city: 'Kolkata', state: 'West Bengal', pincode: '700016' },
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Please fill all contact details']);
  });
});
