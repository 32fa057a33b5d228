import { z } from 'zod';

/**
 * Subscriptions by email to new fatwahs and articles (docs/decisions/048): what the subscribe form sends, the
 * confirmation and unsubscribe links' tokens, and the desk's counts.
 */

export const SUBSCRIPTION_FREQUENCY_VALUES = ['immediate', 'weekly'] as const;
export type SubscriptionFrequency = (typeof SUBSCRIPTION_FREQUENCY_VALUES)[number];

/** The form's wording for its errors (the web app shows its own translation beside each field). */
export const SUBSCRIPTION_MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  noTopic: 'Choose new answers, new articles or both',
  subscribed: 'Please confirm your subscription: we have sent a link to your email.',
  confirmed: 'Your subscription is confirmed.',
  unsubscribed: 'You are unsubscribed.',
  invalidToken: 'This link is not valid any more.',
  rateLimited: 'You have subscribed several times in a short time. Please wait an hour before trying again.',
} as const;

export const subscribeBodySchema = z
  .object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, SUBSCRIPTION_MESSAGES.invalidEmail)
      .email(SUBSCRIPTION_MESSAGES.invalidEmail),
    fatwahs: z.boolean(),
    articles: z.boolean(),
    frequency: z.enum(SUBSCRIPTION_FREQUENCY_VALUES),
  })
  .refine((body) => body.fatwahs || body.articles, {
    message: SUBSCRIPTION_MESSAGES.noTopic,
    path: ['fatwahs'],
  });
export type SubscribeBody = z.infer<typeof subscribeBodySchema>;

/** A link's token: 32 random bytes, base64url. */
export const subscriptionTokenSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, SUBSCRIPTION_MESSAGES.invalidToken);

export const subscriptionTokenBodySchema = z.object({ token: subscriptionTokenSchema });
export const subscriptionTokenQuerySchema = z.object({ token: subscriptionTokenSchema });

/** What the confirmation answers: the choices now in force, so the page can say them. */
export const subscriptionConfirmedSchema = z.object({
  fatwahs: z.boolean(),
  articles: z.boolean(),
  frequency: z.enum(SUBSCRIPTION_FREQUENCY_VALUES),
});
export type SubscriptionConfirmed = z.infer<typeof subscriptionConfirmedSchema>;

/** The desk's counts of subscribers. */
export const subscriptionStatsSchema = z.object({
  /** Confirmed addresses. */
  confirmed: z.number().int(),
  /** Confirmed, by topic (an address with both counts in each) and by frequency. */
  fatwahs: z.number().int(),
  articles: z.number().int(),
  immediate: z.number().int(),
  weekly: z.number().int(),
  /** Addresses whose confirmation link has not been followed. */
  pending: z.number().int(),
  unsubscribed: z.number().int(),
});
export type SubscriptionStats = z.infer<typeof subscriptionStatsSchema>;
