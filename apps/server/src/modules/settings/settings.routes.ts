import { apiErrorSchema, envelope, SETTINGS_MESSAGES, siteSettingsSchema } from '@scholar/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../plugins/auth';
import { revalidatedJson } from '../../lib/http-cache';
import { SiteSettingsStore } from './settings.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The site's settings (scholar's name, office, contacts, links), kept in memory; see settings.service.ts. */
    siteSettings: SiteSettingsStore;
  }
}

const tags = ['settings'];
const settingsEnvelope = envelope(siteSettingsSchema);

/**
 * One store per app, shared by the API and the pages written by the server. It is the public cache's `settings`
 * area: a save on any instance clears it on every one (plugins/public-cache).
 */
export function registerSiteSettings(app: FastifyInstance): void {
  const store = new SiteSettingsStore(app.db, app.config.publicCacheTtlMs);
  app.onPublicCacheCleared((area) => {
    if (area === 'settings') store.forget();
  });
  app.decorate('siteSettings', store);
}

/** Everyone reads the settings (the footer of every page); revalidated by ETag like the other public reads. */
const publicSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', revalidatedJson);
  app.get(
    '/settings',
    {
      schema: {
        tags,
        summary: "The site's settings: scholar's name, office address, contact details and links",
        response: { 200: settingsEnvelope },
      },
    },
    async () => ({ success: true as const, data: await app.siteSettings.get() }),
  );
};

/** Admins change them; the role is checked before the body is read. */
const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
  app.put(
    '/settings',
    {
      config: { invalidates: 'settings' },
      schema: {
        tags,
        summary: "Replace the site's settings (every field; an empty link is not shown)",
        security: [{ bearerAuth: [] }],
        body: siteSettingsSchema,
        response: { 200: settingsEnvelope, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await app.siteSettings.save(request.body),
      message: SETTINGS_MESSAGES.saved,
    }),
  );
};

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(publicSettingsRoutes);
  await app.register(adminSettingsRoutes);
};
