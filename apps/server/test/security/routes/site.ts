import fs from 'node:fs';
import path from 'node:path';
import { createArticle, createBook, createFatwah } from '../../../src/db/factories';
import { adminOnly, all, db, get, type Rows } from './cells';

/** The site (health, the SPA and its pages, settings, uploads, the API docs): what each caller must get. */
export const siteRows: Rows = {
  // Health, the SPA, uploads and the API documentation are public.
  'GET /': { expect: all(200), request: () => get('/') },
  'GET /*': { expect: all(200), request: () => get('/dashboard?tab=orders') },
  // Public pages written by the server with their own head (title, description, Open Graph, JSON-LD).
  ...Object.fromEntries(
    [
      '/about',
      '/articles',
      '/ask-fatwah',
      '/books',
      '/certifications',
      '/fatwah',
      '/initiatives',
      '/privacy-policy',
      '/return-policy',
      '/terms-and-conditions',
      '/robots.txt',
      '/rss/articles.xml',
      '/rss/fatwahs.xml',
      '/sitemap.xml',
    ].map((url) => [`GET ${url}`, { expect: all(200), request: () => get(url) }]),
  ),
  'GET /book/:id': {
    expect: all(200),
    request: async (world) => get(`/book/${(await createBook(db(world))).id}`),
  },
  'GET /articles/:id': {
    expect: all(200),
    request: async (world) => get(`/articles/${(await createArticle(db(world), { isPublished: true })).id}`),
  },
  'GET /fatwah/:id': {
    expect: all(200),
    request: async (world) => get(`/fatwah/${(await createFatwah(db(world), { status: 'published' })).id}`),
  },
  'GET /api/health': { expect: all(200), request: () => get('/api/health') },
  'GET /api/ready': { expect: all(200), request: () => get('/api/ready') },
  // The site's settings: everyone reads them (the footer), admins change them.
  'GET /api/settings': { expect: all(200), request: () => get('/api/settings') },
  'PUT /api/settings': {
    expect: adminOnly(),
    request: () => ({
      method: 'PUT',
      url: '/api/settings',
      payload: {
        scholarName: 'the Shaikh',
        officeAddress: ['Darul Ilm Office', 'Kolkata'],
        contactEmail: 'contact@darulilm.example',
        phone: '+91 33 4000 1234',
        openingHours: 'Monday to Saturday',
        social: { youtube: 'https://www.youtube.com/@darulilm' },
      },
    }),
  },
  'GET /api/uploads/*': {
    expect: all(200),
    request: (world) => {
      const dir = path.join(world.ctx.dataDir, 'uploads', 'books');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'matrix.txt'), 'uploaded');
      return get('/api/uploads/books/matrix.txt');
    },
  },
  'GET /api/docs': { expect: all(200), request: () => get('/api/docs') },
  'GET /api/docs/json': { expect: all(200), request: () => get('/api/docs/json') },
  'GET /api/docs/yaml': { expect: all(200), request: () => get('/api/docs/yaml') },
  // The UI's index page sends the browser to /api/docs/.
  'GET /api/docs/static/index.html': { expect: all(302), request: () => get('/api/docs/static/index.html') },
  'GET /api/docs/static/*': { expect: all(200), request: () => get('/api/docs/static/swagger-ui.css') },
  'GET /api/docs/static/swagger-initializer.js': {
    expect: all(200),
    request: () => get('/api/docs/static/swagger-initializer.js'),
  },
};
