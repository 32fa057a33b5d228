import { z } from 'zod';
import {
  ADDRESS_TYPES,
  DEFAULT_ADDRESS_TYPE,
  INDIAN_STATES,
  PASSWORD_MIN_LENGTH,
  PINCODE_PATTERN,
  USER_ROLES,
} from '../constants';
import { MESSAGES } from '../messages';
import { INDIAN_MOBILE_PATTERN, normalizeIndianPhone } from '../phone';
import { pincodeMatchesState, pincodeStateMismatch } from '../pincodes';
import { idSchema, isoDateTime } from './common';

export const emailSchema = z
  .string({ error: MESSAGES.invalidEmail })
  .trim()
  .toLowerCase()
  .max(254, MESSAGES.invalidEmail)
  .email(MESSAGES.invalidEmail);

export const passwordSchema = z
  .string({ error: MESSAGES.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
  .max(200, 'Password must be at most 200 characters long');

/**
 * An Indian mobile number written any usual way ('+91 98200 22222', '09820022222', '98200 22222'), kept as its 10
 * digits ('9820022222'): see `normalizeIndianPhone`.
 */
export const phoneSchema = z
  .string({ error: MESSAGES.invalidPhone })
  // `overwrite` and `refine` are checks, not a transform: a wrong number is one issue among the form's others, and
  // the form's own refinements (the password typed twice) still run.
  .overwrite((value) => normalizeIndianPhone(value) ?? value)
  .refine((value) => INDIAN_MOBILE_PATTERN.test(value), { message: MESSAGES.invalidPhone });

export const nameSchema = z
  .string({ error: MESSAGES.nameRequired })
  .trim()
  .min(1, MESSAGES.nameRequired)
  .max(100, 'Name must be at most 100 characters long');

export const userRoleSchema = z.enum(USER_ROLES);

export const DISPLAY_NAME_MAX_LENGTH = 100;
export const DISPLAY_NAME_MESSAGES = {
  tooLong: `Display name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters long`,
  badCharacters: 'Display name cannot contain < or > or line breaks',
  adminsOnly: 'Only staff members have a display name',
} as const;

/**
 * How an admin signs answers and articles ("Shaikh Abdullah …"). Blank clears it (null: the name is shown); `<`,
 * `>` and line breaks are refused, since it is printed in bylines and mails.
 */
export const displayNameSchema = z
  .string({ error: 'Display name must be text' })
  .trim()
  .max(DISPLAY_NAME_MAX_LENGTH, DISPLAY_NAME_MESSAGES.tooLong)
  .refine((value) => !/[<>\r\n]/.test(value), DISPLAY_NAME_MESSAGES.badCharacters)
  .transform((value) => (value === '' ? null : value))
  .nullable();

export const registerBodySchema = z.object({
  name: nameSchema,
  email: emailSchema,
  phone: phoneSchema,
  password: passwordSchema,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/**
 * The password typed a second time must be the same (docs/product.md, "Validation"): an issue on the second
 * field.
 */
export const confirmedPassword = (
  values: { password: string; confirmPassword: string },
  ctx: z.RefinementCtx,
) => {
  if (values.password !== values.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MESSAGES.passwordsDoNotMatch });
  }
};

/** The register form: the body the server checks, and the password confirmed. */
export const registerFormSchema = registerBodySchema
  .extend({ confirmPassword: z.string() })
  .superRefine(confirmedPassword);

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Please enter your password' }).min(1, 'Please enter your password').max(200),
  role: userRoleSchema.default('user'),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const refreshTokenBodySchema = z.object({
  refreshToken: z.string({ error: 'refreshToken is required' }).min(1, 'refreshToken is required').max(200),
});

export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export const resetPasswordBodySchema = z.object({
  token: z.string({ error: 'The reset link is invalid' }).min(1, 'The reset link is invalid').max(200),
  password: passwordSchema,
});
/** The reset form: the new password as the server checks it, and confirmed. */
export const resetPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .superRefine(confirmedPassword);

const optionalLine = z
  .string()
  .trim()
  .max(200)
  .optional()
  .nullable()
  .transform((value) => (value ? value : undefined));

/**
 * A required field of an address: blank, it asks for the required fields (docs/product.md, "Validation"); filled,
 * `schema` checks it.
 */
const requiredField = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z.string({ error: MESSAGES.addressRequired }).trim().min(1, MESSAGES.addressRequired).pipe(schema);

/** The fields of an Indian postal address, each checked on its own. */
export const addressFieldsSchema = z.object({
  addressType: z
    .enum(ADDRESS_TYPES, { error: 'Please choose Home, Work or Other' })
    .default(DEFAULT_ADDRESS_TYPE),
  addressLine1: z
    .string({ error: MESSAGES.addressRequired })
    .trim()
    .min(1, MESSAGES.addressRequired)
    .max(200, 'Address line is too long'),
  addressLine2: optionalLine,
  landmark: optionalLine,
  city: z.string({ error: MESSAGES.addressRequired }).trim().min(1, MESSAGES.addressRequired).max(100),
  state: requiredField(z.enum(INDIAN_STATES, { error: MESSAGES.invalidState })),
  pincode: requiredField(z.string().regex(PINCODE_PATTERN, MESSAGES.invalidPincode)),
  isDefault: z.boolean().optional(),
});

/** A PIN code's first digits name its postal circle: one typed with the wrong state is an error on the pincode. */
export const checkPincodeState = (
  address: { state?: string | undefined; pincode?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  if (address.state && address.pincode && !pincodeMatchesState(address.pincode, address.state)) {
    ctx.addIssue({ code: 'custom', path: ['pincode'], message: pincodeStateMismatch(address.state) });
  }
};

/** An Indian postal address as the forms send it. */
export const addressInputSchema = addressFieldsSchema.superRefine(checkPincodeState);
export type AddressInput = z.input<typeof addressInputSchema>;

/** The lines of an address as the server answers them: a user's saved address, and the copy an order keeps. */
export const postalAddressSchema = z.object({
  addressLine1: z.string(),
  addressLine2: z.string().optional(),
  landmark: z.string().optional(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
});

export const addressSchema = postalAddressSchema.extend({
  _id: idSchema,
  addressType: z.enum(ADDRESS_TYPES),
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

export const userSchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: userRoleSchema,
  /** An admin's name as readers see it on answers and articles; null (or absent) means `name`. */
  displayName: z.string().nullable().optional(),
  addresses: z.array(addressSchema),
  createdAt: isoDateTime,
});
export type User = z.infer<typeof userSchema>;

export const authResultSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  user: userSchema,
});
export type AuthResult = z.infer<typeof authResultSchema>;

export const tokenPairSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });

export const addressBodySchema = z.object({ address: addressInputSchema, userId: idSchema });
export const userIdBodySchema = z.object({ userId: idSchema });
export const userIdParamsSchema = z.object({ userId: idSchema });
export const addressIdParamsSchema = z.object({ addressId: idSchema });

export const profileBodySchema = z.object({
  name: nameSchema,
  email: emailSchema,
  phone: phoneSchema,
  /** Required when the email changes: the caller's own password. */
  currentPassword: z.string().max(200).optional(),
  /** The client sends the user's addresses along; they are changed through the address calls only. */
  address: z.unknown().optional(),
});
export type ProfileBody = z.input<typeof profileBodySchema>;

/** `PUT /users/display-name/{userId}` (admins, their own): blank or null clears it, and the name is shown. */
export const displayNameBodySchema = z.object({ displayName: displayNameSchema });
export type DisplayNameBody = z.input<typeof displayNameBodySchema>;

const currentPasswordSchema = (message: string) =>
  z.string({ error: message }).min(1, message).max(200, MESSAGES.currentPasswordWrong);

/** `PUT /users/email/{userId}` (their own): the new email and the caller's current password. */
export const emailChangeBodySchema = z.object({
  email: emailSchema,
  currentPassword: currentPasswordSchema(MESSAGES.currentPasswordRequired),
});
export type EmailChangeBody = z.input<typeof emailChangeBodySchema>;

/** `PUT /users/password/{userId}` (their own): the current password, and the new one as registration asks. */
export const passwordChangeBodySchema = z.object({
  currentPassword: currentPasswordSchema(MESSAGES.currentPasswordMissing),
  newPassword: passwordSchema,
});
export type PasswordChangeBody = z.input<typeof passwordChangeBodySchema>;

/** The password form: the body the server checks, and the new password typed twice the same. */
export const passwordChangeFormSchema = passwordChangeBodySchema
  .extend({ confirmPassword: z.string() })
  .superRefine((values, ctx) =>
    confirmedPassword({ password: values.newPassword, confirmPassword: values.confirmPassword }, ctx),
  );

/** The profile form of a user whose email is `currentEmail`: a new email needs the current password, as the server asks. */
export const profileFormSchema = (currentEmail: string) =>
  profileBodySchema.superRefine((values, ctx) => {
    if (values.email !== currentEmail.trim().toLowerCase() && !values.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: MESSAGES.currentPasswordRequired });
    }
  });
