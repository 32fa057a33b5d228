import fs from 'node:fs';
import path from 'node:path';
import { localizePath, PUBLIC_PAGE_LIST } from '@scholar/shared';
import { createArticle, createBook, createFatwah } from '../../support/factories';
import { adminOnly, all, db, get, type Request, type Rows } from './cells';

/** The site (health, the SPA and its pages, settings, uploads, the API docs): what each caller must get. */
/** The public pages the server renders (the home page has a row of its own). */
const PUBLIC_PATHS = PUBLIC_PAGE_LIST.map((page) => page.path).filter((path) => path !== '/');

let forms = 0;

/** The subscribe form as a browser without script sends it to a page, from an address of its own. */
function subscribeForm(url: string): Request {
  forms += 1;
  return {
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    payload: new URLSearchParams({
      _form: 'subscribe',
      email: `form-${forms}@example.com`,
      fatwahs: 'on',
    }).toString(),
    remoteAddress: `10.80.${(forms >> 8) & 255}.${forms & 255}`,
  };
}

export const siteRows: Rows = {
  // Health, the SPA, uploads and the API documentation are public.
  'GET /': { expect: all(200), request: () => get('/') },
  'GET /*': { expect: all(200), request: () => get('/dashboard?tab=orders') },
  // Public pages written by the server with their own head (title, description, Open Graph, JSON-LD).
  ...Object.fromEntries(
    [...PUBLIC_PATHS, '/robots.txt', '/rss/articles.xml', '/rss/fatwahs.xml', '/sitemap.xml'].map((url) => [
      `GET ${url}`,
      { expect: all(200), request: () => get(url) },
    ]),
  ),
  // The same pages in Urdu and Bengali, under their prefixes: public too. Each from an address of its own: the
  // matrix renders every page afresh, and from one address that many renders in ten seconds would be refused
  // (429, plugins/fair-reads.ts), which is not what these rows are about.
  ...Object.fromEntries(
    (['ur', 'bn'] as const).flatMap((locale) =>
      ['/', ...PUBLIC_PATHS].map((page, i) => {
        const url = localizePath(locale, page);
        const remoteAddress = `10.77.${locale === 'ur' ? 1 : 2}.${i + 1}`;
        return [`GET ${url}`, { expect: all(200), request: () => ({ ...get(url), remoteAddress }) }];
      }),
    ),
  ),
  // A page's forms sent without the app's script (the subscribe form here): anyone's, each from an address and
  // with an email of its own (the form's limits are per address).
  ...Object.fromEntries(
    (['en', 'ur', 'bn'] as const).flatMap((locale) =>
      ['/', ...PUBLIC_PATHS].map((page) => {
        const url = localizePath(locale, page);
        return [`POST ${url}`, { expect: all(200), request: () => subscribeForm(url) }];
      }),
    ),
  ),
  // Their feeds, of the items written in Urdu and Bengali: public.
  ...Object.fromEntries(
    (['ur', 'bn'] as const).flatMap((locale) =>
      ['/rss/articles.xml', '/rss/fatwahs.xml'].map((feed) => {
        const url = localizePath(locale, feed);
        return [`GET ${url}`, { expect: all(200), request: () => get(url) }];
      }),
    ),
  ),
  ...(Object.fromEntries(
    (['', '/ur', '/bn'] as const).flatMap((prefix, i) => {
      const remoteAddress = `10.78.${i + 1}.1`;
      return [
        [
          `GET ${prefix}/book/:id`,
          {
            expect: all(200),
            request: async (world) => ({
              ...get(`${prefix}/book/${(await createBook(db(world))).id}`),
              remoteAddress,
            }),
          },
        ],
        [
          `GET ${prefix}/articles/:id`,
          {
            expect: all(200),
            request: async (world) => ({
              ...get(`${prefix}/articles/${(await createArticle(db(world), { isPublished: true })).id}`),
              remoteAddress,
            }),
          },
        ],
        [
          `GET ${prefix}/fatwah/:id`,
          {
            expect: all(200),
            request: async (world) => ({
              ...get(`${prefix}/fatwah/${(await createFatwah(db(world), { status: 'published' })).id}`),
              remoteAddress,
            }),
          },
        ],
      ];
    }),
  ) as Rows),
  // The cart without the app's script (docs/decisions/064): Add to Cart on a book's page and a line's quantity in
  // `/cart` are anyone's forms, answered with the cart (303); `/cart` is the app's page, or rendered from the
  // cart's cookie.
  ...(Object.fromEntries(
    (['', '/ur', '/bn'] as const).flatMap((prefix, i) => {
      const remoteAddress = `10.81.${i + 1}.1`;
      const cartForm = (url: string, fields: Record<string, string>): Request => ({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
        payload: new URLSearchParams(fields).toString(),
        remoteAddress,
      });
      return [
        [
          `GET ${prefix}/cart`,
          { expect: all(200), request: () => ({ ...get(`${prefix}/cart`), remoteAddress }) },
        ],
        [
          `POST ${prefix}/cart`,
          {
            expect: all(303),
            request: async (world) =>
              cartForm(`${prefix}/cart`, {
                _form: 'cartLine',
                bookId: (await createBook(db(world))).id,
                language: 'english',
                quantity: '0',
              }),
          },
        ],
        [
          `POST ${prefix}/book/:id`,
          {
            expect: all(303),
            request: async (world) => {
              const { id } = await createBook(db(world));
              return cartForm(`${prefix}/book/${id}`, {
                _form: 'addToCart',
                bookId: id,
                language: 'english',
              });
            },
          },
        ],
      ];
    }),
  ) as Rows),
  // The pages of an article tag in each language, and the tag's feed: public.
  ...Object.fromEntries(
    (['', '/ur', '/bn'] as const).map((prefix, i) => [
      `GET ${prefix}/articles/tag/:tag`,
      {
        expect: all(200),
        request: () => ({ ...get(`${prefix}/articles/tag/hajj`), remoteAddress: `10.79.${i + 1}.1` }),
      },
    ]),
  ),
  // A tag page's subscribe form, sent without the app's script: anyone's.
  ...Object.fromEntries(
    (['', '/ur', '/bn'] as const).map((prefix) => [
      `POST ${prefix}/articles/tag/:tag`,
      { expect: all(200), request: () => subscribeForm(`${prefix}/articles/tag/hajj`) },
    ]),
  ),
  'GET /articles/tag/:tag/rss.xml': { expect: all(200), request: () => get('/articles/tag/hajj/rss.xml') },
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
