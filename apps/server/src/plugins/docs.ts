import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI from the routes' zod schemas, browsable at /api/docs (JSON at /api/docs/json). Register it before the
 * routes: @fastify/swagger collects each route as it is added.
 */
export const docs = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Darul Ilm API',
          description: 'Books, orders, fatwahs and articles',
          version: '1.0.0',
        },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'docs', fastify: '5.x' },
);
