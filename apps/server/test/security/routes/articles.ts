import { createArticle } from '../../support/factories';
import { makeImage } from '../../support/test-images';
import { adminOnly, all, db, get, type Rows } from './cells';

const articleBody = {
  title: 'An article',
  content: 'A paragraph.',
  featuredImage: 'https://images.example.com/a.jpg',
};

/** Articles: what each caller must get. */
export const articlesRows: Rows = {
  // Articles: published ones for everyone, the editors' desk for admins.
  'GET /api/articles/published': {
    expect: all(200),
    request: () => get('/api/articles/published?page=1&limit=12&sortBy=publishedAt&sortOrder=desc'),
  },
  'GET /api/articles/published/:id': [
    {
      expect: all(200),
      request: async (world) => get(`/api/articles/published/${(await createArticle(db(world))).id}`),
    },
    {
      name: 'a draft',
      expect: all(404),
      request: async (world) =>
        get(`/api/articles/published/${(await createArticle(db(world), { isPublished: false })).id}`),
    },
  ],
  'POST /api/articles/published/:id/views': [
    {
      expect: all(200),
      request: async (world) => ({
        method: 'POST',
        url: `/api/articles/published/${(await createArticle(db(world))).id}/views`,
      }),
    },
    {
      name: 'a draft',
      expect: all(404),
      request: async (world) => ({
        method: 'POST',
        url: `/api/articles/published/${(await createArticle(db(world), { isPublished: false })).id}/views`,
      }),
    },
  ],
  'GET /api/articles/recent': { expect: all(200), request: () => get('/api/articles/recent?limit=3') },
  'GET /api/articles/admin/all': {
    expect: adminOnly(),
    request: () => get('/api/articles/admin/all?page=1'),
  },
  'GET /api/articles/admin/stats': { expect: adminOnly(), request: () => get('/api/articles/admin/stats') },
  'GET /api/articles/admin/:id': {
    expect: adminOnly(),
    request: async (world) =>
      get(`/api/articles/admin/${(await createArticle(db(world), { isPublished: false })).id}`),
  },
  'POST /api/articles/admin': {
    expect: adminOnly(201),
    request: () => ({ method: 'POST', url: '/api/articles/admin', payload: articleBody }),
  },
  'POST /api/articles/admin/images': {
    expect: adminOnly(201),
    request: async () => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(await makeImage('png', 40, 40))]), 'featured.png');
      const response = new Response(form);
      return {
        method: 'POST',
        url: '/api/articles/admin/images',
        payload: Buffer.from(await response.arrayBuffer()),
        headers: { 'content-type': response.headers.get('content-type') ?? '' },
      };
    },
  },
  'PUT /api/articles/admin/:id': {
    expect: adminOnly(),
    request: async (world) => ({
      method: 'PUT',
      url: `/api/articles/admin/${(await createArticle(db(world))).id}`,
      payload: articleBody,
    }),
  },
  'DELETE /api/articles/admin/:id': {
    expect: adminOnly(),
    request: async (world) => ({
      method: 'DELETE',
      url: `/api/articles/admin/${(await createArticle(db(world))).id}`,
    }),
  },
  'POST /api/articles/admin/preview': {
    expect: adminOnly(),
    request: () => ({
      method: 'POST',
      url: '/api/articles/admin/preview',
      payload: { markdown: '## What I learned\n\n- patience' },
    }),
  },
  'PATCH /api/articles/admin/:id/toggle-publish': {
    expect: adminOnly(),
    request: async (world) => ({
      method: 'PATCH',
      url: `/api/articles/admin/${(await createArticle(db(world))).id}/toggle-publish`,
    }),
  },
};
