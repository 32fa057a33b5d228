import fp from 'fastify-plugin';
import { serviceUnavailable } from '../lib/errors';

/** Names never change (random names; demo covers are rewritten only with the same bytes), so they are cached for good. */
const CACHE_FOREVER = 'public, max-age=31536000, immutable';

/** Whether the client's copy (If-None-Match) is the stored one. */
function isFresh(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || strip(tag) === strip(etag));
}

/**
 * Uploaded files at /api/uploads/<key>, from the store (`app.uploads`): DATA_DIR/uploads or the S3 bucket, streamed
 * through the app either way so that the URLs, headers and checks stay the same (docs/decisions/027).
 */
export const uploadedFiles = fp(
  async (app) => {
    const store = app.uploads;
    app.get('/api/uploads/*', { schema: { hide: true } }, async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      let object;
      try {
        object = await store.get(key);
      } catch (error) {
        // The bucket does not answer: a passing condition (503 with Retry-After); the pages go on without the image.
        throw serviceUnavailable('This image cannot be loaded right now. Please try again shortly.', error);
      }
      // The app's own 404, as for any path nothing answers.
      if (!object) {
        reply.callNotFound();
        return reply;
      }
      void reply
        .header('cache-control', CACHE_FOREVER)
        .header('x-content-type-options', 'nosniff')
        .header('etag', object.etag);
      if (isFresh(request.headers['if-none-match'], object.etag)) {
        object.body.destroy();
        return reply.code(304).send();
      }
      return reply.type(object.contentType).header('content-length', object.length).send(object.body);
    });
  },
  {
    name: 'uploads',
    fastify: '5.x',
    dependencies: ['errors'],
    decorators: { fastify: ['uploads'] },
  },
);
