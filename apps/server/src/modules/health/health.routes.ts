import { healthSchema } from '@scholar/shared';
import type { AppInstance } from '../../app';
import { ping } from '../../db/client';
import { serviceUnavailable } from '../../lib/errors';

export async function healthRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'Ready to serve', response: { 200: healthSchema } } },
    async () => {
      try {
        await ping(app.db);
      } catch (error) {
        throw serviceUnavailable('The database is unavailable', error);
      }
      return { success: true as const, status: 'ok' as const, database: app.database.kind };
    },
  );
}
