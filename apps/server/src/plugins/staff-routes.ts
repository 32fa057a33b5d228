import { apiErrorSchema, type Desk } from '@scholar/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireDesk } from './auth';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** The failures a staff route answers with: a bad request, no sign-in, another desk's staff, nothing there. */
export const staffFailures = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
} as const;

/**
 * Registers the routes of one desk's staff in a scope of their own, whose every request is checked for that desk
 * before anything else runs.
 */
export async function registerDeskRoutes(
  app: ZodApp,
  desk: Desk,
  routes: (deskApp: ZodApp) => void | Promise<void>,
): Promise<void> {
  await app.register(async (instance) => {
    const scoped = instance.withTypeProvider<ZodTypeProvider>();
    scoped.addHook('onRequest', requireDesk(desk));
    await routes(scoped);
  });
}
