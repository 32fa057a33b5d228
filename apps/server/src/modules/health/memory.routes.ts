import { envelope } from '@scholar/shared';
import sharp from 'sharp';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../plugins/auth';

const security = [{ bearerAuth: [] }];
const MB = 1024 * 1024;
const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

const memorySchema = z.object({
  /** The whole process's resident memory. */
  rssMb: z.number(),
  /** JavaScript objects (V8's heap), used and reserved. */
  heapUsedMb: z.number(),
  heapTotalMb: z.number(),
  /** Memory outside V8's heap held by JavaScript objects: buffers, and PGlite's WebAssembly memory among them. */
  externalMb: z.number(),
  arrayBuffersMb: z.number(),
  /** PGlite's WebAssembly memory (the embedded PostgreSQL); none on PostgreSQL. */
  databaseMb: z.number().nullable(),
  database: z.enum(['pglite', 'postgres']),
  /** The public read cache: its answers and their compressed copies (capped). */
  publicCache: z.object({ entries: z.number(), mb: z.number(), maxMb: z.number() }),
  /** What libvips (sharp, the image resizer) says it holds now and held at most. */
  imagesMb: z.number(),
  imagesPeakMb: z.number(),
});

/**
 * What holds this process's memory (docs/performance.md, "Memory"), for the admin and for `npm run bench:load`:
 * resident memory, V8's heap, memory outside it (buffers, PGlite's WebAssembly memory), the public cache, libvips.
 */
export const memoryRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(async (instance) => {
    const admin = instance.withTypeProvider<ZodTypeProvider>();
    admin.addHook('onRequest', requireAdmin);
    admin.get(
      '/admin/memory',
      {
        schema: {
          tags: ['health'],
          summary:
            "What holds this server process's memory: V8's heap, buffers, the embedded database, caches",
          security,
          response: { 200: envelope(memorySchema) },
        },
      },
      async () => {
        // Signed-in answers are `private, no-store` already (plugins/security.ts).
        const usage = process.memoryUsage();
        const cache = app.publicCacheStats();
        const images = sharp.cache();
        const wasm = app.database.wasmMemoryBytes?.();
        return {
          success: true as const,
          data: {
            rssMb: mb(usage.rss),
            heapUsedMb: mb(usage.heapUsed),
            heapTotalMb: mb(usage.heapTotal),
            externalMb: mb(usage.external),
            arrayBuffersMb: mb(usage.arrayBuffers),
            databaseMb: wasm === undefined ? null : mb(wasm),
            database: app.database.kind,
            publicCache: { entries: cache.entries, mb: mb(cache.bytes), maxMb: mb(cache.maxBytes) },
            imagesMb: mb(images.memory.current),
            imagesPeakMb: mb(images.memory.high),
          },
        };
      },
    );
  });
};
