import { guestInfoSchema, type GuestInfo } from '@scholar/shared';
import type { FormSchema } from '../../../lib/form-errors';
import type { MessageId } from '../../../lib/message-ids';

/** The guest checkout's fields, named as the guest's details name them (and the server's refusals). */
export const GUEST_FIELDS = [
  'name',
  'email',
  'phone',
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'pincode',
] as const;
export type GuestField = (typeof GUEST_FIELDS)[number];
export type GuestForm = Record<GuestField, string>;

/** Each required field's own message when it is left empty (the server asks for the whole group). */
const REQUIRED: Readonly<Partial<Record<GuestField, MessageId>>> = {
  name: 'checkoutForm.required.name',
  email: 'checkoutForm.required.email',
  phone: 'checkoutForm.required.phone',
  addressLine1: 'checkoutForm.required.addressLine1',
  city: 'checkoutForm.required.city',
  state: 'checkoutForm.required.state',
  pincode: 'checkoutForm.required.pincode',
};

export const emptyGuestForm = (): GuestForm => ({
  name: '',
  email: '',
  phone: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  pincode: '',
});

/** The form as the guest's details the server checks. */
export const guestInfoOf = (form: GuestForm): GuestInfo => ({
  name: form.name,
  email: form.email,
  phone: form.phone,
  address: {
    addressLine1: form.addressLine1,
    addressLine2: form.addressLine2,
    city: form.city,
    state: form.state,
    pincode: form.pincode,
  },
});

/**
 * The guest checkout's check: every empty required field marked with its own sentence ("Please enter your city"),
 * then the server's own schema for the fields that are filled (a phone of 9 digits, a pincode of another state).
 * `t` gives the sentences in the page's language.
 */
export function guestFormSchema(t: (id: MessageId) => string): FormSchema<GuestInfo> {
  return {
    safeParse(values: unknown) {
      const form = values as GuestForm;
      const blank = new Set(
        (Object.keys(REQUIRED) as GuestField[]).filter((field) => (form[field] ?? '').trim() === ''),
      );
      const parsed = guestInfoSchema.safeParse(guestInfoOf(form));
      if (blank.size === 0) return parsed;
      const issues = [
        ...GUEST_FIELDS.filter((field) => blank.has(field)).map((field) => ({
          path: [field],
          message: t(REQUIRED[field] as MessageId),
        })),
        ...(parsed.success
          ? []
          : parsed.error.issues.filter(
              (issue) => !issue.path.some((segment) => blank.has(segment as GuestField)),
            )),
      ];
      return { success: false, error: { issues } };
    },
  };
}

/**
 * What the guest has typed, kept for this tab while they go back to the cart and return (sessionStorage: gone with
 * the tab, and cleared once the order is placed). Nothing of a payment is ever in it: the form has no such field.
 */
const DRAFT_KEY = 'guestCheckoutDraft';

function sessionArea(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export const guestDraft = {
  load(): GuestForm | null {
    try {
      const raw = sessionArea()?.getItem(DRAFT_KEY);
      if (!raw) return null;
      const saved = JSON.parse(raw) as Partial<Record<GuestField, unknown>>;
      const form = emptyGuestForm();
      for (const field of GUEST_FIELDS) {
        const value = saved[field];
        if (typeof value === 'string') form[field] = value.slice(0, 300);
      }
      return form;
    } catch {
      return null;
    }
  },
  save(form: GuestForm): void {
    try {
      const filled = GUEST_FIELDS.some((field) => form[field].trim() !== '');
      if (filled) sessionArea()?.setItem(DRAFT_KEY, JSON.stringify(form));
      else sessionArea()?.removeItem(DRAFT_KEY);
    } catch {
      // A full or forbidden storage keeps nothing; the form still works.
    }
  },
  clear(): void {
    try {
      sessionArea()?.removeItem(DRAFT_KEY);
    } catch {
      // Nothing was kept.
    }
  },
};
