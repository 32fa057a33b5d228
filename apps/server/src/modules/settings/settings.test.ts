import { DEFAULT_SITE_SETTINGS, PAGE_META, type SiteSettings } from '@scholar/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/support/factories';
import { siteSettings } from '../../db/schema';
import {
  authHeader,
  createTestApp,
  expectValidationError,
  type TestContext,
} from '../../../test/support/app';
import { readPage } from '../../../test/support/html';
import { mergeWithDefaults } from './settings.service';
import { useTestApp } from '../../../test/support/use-test-app';

const SITE = 'https://www.darulilm.example';

/** The app without the public cache: every read goes to the database. */
const { ctx } = useTestApp({ env: { PUBLIC_URL: SITE } });
beforeEach(async () => {
  await ctx.database.db.delete(siteSettings);
});

async function headers(app: TestContext, role: 'admin' | 'user') {
  return authHeader(app, await createUser(app.database.db, { role }));
}

const launch: SiteSettings = {
  scholarName: 'Shaikh Abdullah Rahmani',
  officeAddress: ['Darul Ilm', '22 Elliot Road', 'Kolkata 700016'],
  contactEmail: 'office@darulilm.in',
  phone: '+91 98300 12345',
  openingHours: 'Every day, 09:00 to 17:00 IST',
  social: {
    facebook: '',
    instagram: 'https://www.instagram.com/darulilm',
    twitter: '',
    youtube: 'https://www.youtube.com/@darulilm',
  },
  courses: { quranTajwid: 'https://academy.darulilm.in/tajwid', arabicBeginners: '', fiqhOfWorship: '' },
  initiatives: { learning: 'https://academy.darulilm.in', charity: '', school: '', food: '', travel: '' },
  codEnabled: true,
  codMaxOrder: 3000,
  codFee: 50,
  seller: {
    name: 'Darul Ilm Publications LLP',
    address: ['22 Elliot Road', 'Kolkata, West Bengal 700016'],
    gstin: '19AAACD1234F1Z5',
    pan: 'AAACD1234F',
    state: 'West Bengal',
  },
  translations: {
    ur: { scholarName: 'شیخ عبداللہ رحمانی', officeAddress: ['دار العلم', '22 ایلیٹ روڈ'], openingHours: '' },
    bn: { scholarName: '', officeAddress: [], openingHours: 'প্রতিদিন, সকাল ৯টা থেকে বিকেল ৫টা' },
  },
};

const put = (app: TestContext, payload: unknown, auth: Record<string, string> = {}) =>
  app.app.inject({ method: 'PUT', url: '/api/settings', headers: auth, payload: payload as object });

describe('GET /api/settings', () => {
  it('answers the demo office and contacts and no links before an admin saves any', async () => {
    const res = await ctx.app.inject({ url: '/api/settings' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: DEFAULT_SITE_SETTINGS });
    expect(res.json().data).toMatchObject({
      scholarName: 'the Shaikh',
      phone: '+91 33 4000 1234',
      contactEmail: 'contact@darulilm.example',
      social: { facebook: '', instagram: '', twitter: '', youtube: '' },
      initiatives: { learning: '', charity: '', school: '', food: '', travel: '' },
    });
    expect(res.body).not.toMatch(/facebook\.com|example\.org/);
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const again = await ctx.app.inject({
      url: '/api/settings',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('PUT /api/settings', () => {
  it('lets an admin change the settings, which the API and the pages written by the server then show', async () => {
    const res = await put(ctx, launch, await headers(ctx, 'admin'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: launch, message: 'Site settings saved' });
    expect((await ctx.app.inject({ url: '/api/settings' })).json().data).toEqual(launch);

    const about = readPage((await ctx.app.inject({ url: '/about' })).body);
    expect(about.meta('description')).toBe(
      'Shaikh Abdullah Rahmani of Darul Ilm, Kolkata: his study of the Quran, Hadith and Fiqh, his certifications, courses and mission.',
    );
    expect(about.meta('og:description')).toBe(about.meta('description'));
    expect(readPage((await ctx.app.inject({ url: '/initiatives' })).body).meta('description')).toMatch(
      /^Five initiatives led by Shaikh Abdullah Rahmani since 2021/,
    );

    const home = readPage((await ctx.app.inject({ url: '/' })).body);
    expect(home.meta('description')).toContain('the initiatives of Shaikh Abdullah Rahmani.');
    expect(home.jsonLd()[0]).toMatchObject({
      '@type': 'WebSite',
      publisher: {
        '@type': 'Organization',
        name: 'Darul Ilm',
        url: `${SITE}/`,
        email: 'office@darulilm.in',
        telephone: '+91 98300 12345',
        address: 'Darul Ilm, 22 Elliot Road, Kolkata 700016',
        sameAs: ['https://www.instagram.com/darulilm', 'https://www.youtube.com/@darulilm'],
      },
    });
  });

  it('writes the demo contacts, and no profile links, into the home page until the settings are saved', async () => {
    const home = readPage((await ctx.app.inject({ url: '/' })).body);
    expect(home.meta('description')).toBe(PAGE_META.home.description);
    const publisher = (home.jsonLd()[0] as { publisher: Record<string, unknown> }).publisher;
    expect(publisher).toMatchObject({ telephone: '+91 33 4000 1234', email: 'contact@darulilm.example' });
    expect(publisher).not.toHaveProperty('sameAs');
  });

  it('is for admins only: a guest must log in, a customer is refused, and nothing changes', async () => {
    const guest = await put(ctx, launch);
    expect(guest.statusCode).toBe(401);
    const customer = await put(ctx, launch, await headers(ctx, 'user'));
    expect(customer.statusCode).toBe(403);
    expect(customer.json()).toMatchObject({ success: false, code: expect.any(String) });
    expect((await ctx.app.inject({ url: '/api/settings' })).json().data).toEqual(DEFAULT_SITE_SETTINGS);
  });

  it('refuses bad fields with 400 and a message per field, and keeps what was stored', async () => {
    const admin = await headers(ctx, 'admin');
    const res = await put(
      ctx,
      {
        ...launch,
        scholarName: '  ',
        contactEmail: 'not an email',
        phone: 'call us',
        officeAddress: [],
        social: {
          ...launch.social,
          youtube: 'http://www.youtube.com/@darulilm',
          facebook: 'javascript:alert(1)',
        },
        initiatives: { ...launch.initiatives, school: 'x'.repeat(600) },
      },
      admin,
    );
    for (const field of [
      'body.scholarName',
      'body.contactEmail',
      'body.phone',
      'body.officeAddress',
      'body.social.youtube',
      'body.social.facebook',
      'body.initiatives.school',
    ]) {
      expectValidationError(res, field);
    }
    const details = res.json().details as { path: string; message: string }[];
    expect(details.find((d) => d.path === 'body.social.youtube')?.message).toBe(
      'Please enter a web address starting with https://, or leave it empty',
    );
    expectValidationError(
      await put(ctx, { ...launch, officeAddress: Array(7).fill('A line') }, admin),
      'body.officeAddress',
    );
    expectValidationError(await put(ctx, { scholarName: 'Only a name' }, admin), 'body.contactEmail');
    expect((await ctx.app.inject({ url: '/api/settings' })).json().data).toEqual(DEFAULT_SITE_SETTINGS);
  });

  it('trims what it stores and takes links left out as empty', async () => {
    const { courses: _courses, initiatives: _initiatives, ...rest } = launch;
    const res = await put(
      ctx,
      { ...rest, scholarName: '  Shaikh Abdullah  ', social: { youtube: ' https://youtube.com/@darulilm ' } },
      await headers(ctx, 'admin'),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      scholarName: 'Shaikh Abdullah',
      social: { facebook: '', instagram: '', twitter: '', youtube: 'https://youtube.com/@darulilm' },
      courses: { quranTajwid: '', arabicBeginners: '', fiqhOfWorship: '' },
      initiatives: { learning: '' },
    });
  });
});

describe('the settings in memory', () => {
  /** The app with the public cache, as in production. */
  let cached: TestContext;
  beforeAll(async () => {
    cached = await createTestApp({ PUBLIC_URL: SITE, PUBLIC_CACHE_TTL_MS: '60000' });
  });
  afterAll(async () => {
    await cached.close();
  });

  it('are answered from memory until an admin saves new ones, which every reader sees at once', async () => {
    const first = await cached.app.inject({ url: '/api/settings' });
    expect(first.json().data.phone).toBe('+91 33 4000 1234');
    // A change behind the API's back (another process) is not seen while the copy in memory is fresh.
    await cached.database.db
      .insert(siteSettings)
      .values({ id: 1, data: { ...DEFAULT_SITE_SETTINGS, phone: '+91 11 1111 1111' } });
    expect((await cached.app.inject({ url: '/api/settings' })).json().data.phone).toBe('+91 33 4000 1234');
    expect(readPage((await cached.app.inject({ url: '/' })).body).jsonLd()[0]).toMatchObject({
      publisher: { telephone: '+91 33 4000 1234' },
    });

    expect((await put(cached, launch, await headers(cached, 'admin'))).statusCode).toBe(200);
    expect((await cached.app.inject({ url: '/api/settings' })).json().data.phone).toBe('+91 98300 12345');
    expect(readPage((await cached.app.inject({ url: '/' })).body).jsonLd()[0]).toMatchObject({
      publisher: { telephone: '+91 98300 12345' },
    });
  });
});

describe('mergeWithDefaults', () => {
  it('keeps the stored fields that are valid and gives the others their defaults', () => {
    expect(mergeWithDefaults(undefined)).toEqual(DEFAULT_SITE_SETTINGS);
    expect(
      mergeWithDefaults({
        scholarName: 'Shaikh Abdullah',
        phone: 42,
        social: { youtube: 'https://www.youtube.com/@darulilm', facebook: 'http://insecure.example' },
        unknown: 'ignored',
      }),
    ).toEqual({
      ...DEFAULT_SITE_SETTINGS,
      scholarName: 'Shaikh Abdullah',
      social: DEFAULT_SITE_SETTINGS.social,
      // Saved before the translations, with a name of its own: the demo's Urdu and Bengali words do not stand in.
      translations: {},
    });
    expect(mergeWithDefaults({ social: { youtube: 'https://www.youtube.com/@darulilm' } }).social).toEqual({
      ...DEFAULT_SITE_SETTINGS.social,
      youtube: 'https://www.youtube.com/@darulilm',
    });
    // The office as the defaults have it: their translations still describe it.
    expect(mergeWithDefaults({ phone: '+91 98300 12345' }).translations).toEqual(
      DEFAULT_SITE_SETTINGS.translations,
    );
    // Translations as saved: a language left out stays out.
    expect(
      mergeWithDefaults({ translations: { ur: { scholarName: 'شیخ', officeAddress: [], openingHours: '' } } })
        .translations,
    ).toEqual({ ur: { scholarName: 'شیخ', officeAddress: [], openingHours: '' } });
  });
});
