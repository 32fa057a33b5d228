import { subscribeBodySchema } from '@scholar/shared';

/**
 * The subscribe form's check, by the server's own schema. Loaded when the form is sent, not with the page: the
 * form is on the home page, whose first load carries no form schema (zod comes with the screens that check a form).
 */
export const checkSubscription = (body: unknown) => subscribeBodySchema.safeParse(body);
