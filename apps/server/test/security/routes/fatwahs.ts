import { searchSynonyms } from '../../../src/db/schema';
import { createFatwah } from '../../support/factories';
import { ASKER_EMAIL } from '../world';
import { adminOnly, all, db, get, type Rows } from './cells';

/** Fatwahs: what each caller must get. */
export const fatwahsRows: Rows = {
  // Fatwahs: published ones for everyone, drafts and the desk for admins.
  'GET /api/fatwahs/public': {
    expect: all(200),
    request: async (world) => {
      await createFatwah(db(world), { askerEmail: ASKER_EMAIL, askerName: 'Asker' });
      return get('/api/fatwahs/public?page=1&limit=10');
    },
  },
  'GET /api/fatwahs/categories': { expect: all(200), request: () => get('/api/fatwahs/categories') },
  'GET /api/fatwahs/:id': [
    {
      expect: all(200),
      request: async (world) =>
        get(`/api/fatwahs/${(await createFatwah(db(world), { askerEmail: ASKER_EMAIL })).id}`),
    },
    {
      name: 'a draft',
      expect: { guest: 404, user: 404, other: 404, admin: 200 },
      request: async (world) =>
        get(
          `/api/fatwahs/${(await createFatwah(db(world), { status: 'draft', askerEmail: ASKER_EMAIL })).id}`,
        ),
    },
  ],
  'GET /api/fatwahs/similar': {
    expect: all(200),
    request: async (world) => {
      await createFatwah(db(world), { question: 'May I pray while travelling by train?' });
      return get('/api/fatwahs/similar?q=pray%20while%20travelling');
    },
  },
  'GET /api/fatwahs/:id/related': {
    expect: all(200),
    request: async (world) =>
      get(`/api/fatwahs/${(await createFatwah(db(world), { askerEmail: ASKER_EMAIL })).id}/related`),
  },
  // The asker's status page: the reference and the email given with it, for anyone who has both.
  'POST /api/fatwahs/status': {
    expect: all(200),
    request: async (world) => {
      const row = await createFatwah(db(world), { status: 'pending', answer: null, askerEmail: ASKER_EMAIL });
      return {
        method: 'POST',
        url: '/api/fatwahs/status',
        payload: { reference: row.reference, email: ASKER_EMAIL },
      };
    },
  },
  'POST /api/fatwahs/admin/preview': {
    expect: adminOnly(),
    request: () => ({ method: 'POST', url: '/api/fatwahs/admin/preview', payload: { answer: '**Yes**' } }),
  },
  'GET /api/fatwahs/admin/similar': {
    expect: adminOnly(),
    request: () => get('/api/fatwahs/admin/similar?q=prayer'),
  },
  'POST /api/fatwahs/submit': {
    expect: all(201),
    request: () => ({
      method: 'POST',
      url: '/api/fatwahs/submit',
      payload: { question: 'May I pray while travelling?', categories: ['Prayer'], askerEmail: ASKER_EMAIL },
    }),
  },
  'GET /api/fatwahs': { expect: adminOnly(), request: () => get('/api/fatwahs?status=all&page=1') },
  'POST /api/fatwahs': {
    expect: adminOnly(201),
    request: () => ({
      method: 'POST',
      url: '/api/fatwahs',
      payload: { question: 'A question?', answer: 'An answer.', categories: ['Prayer'], status: 'draft' },
    }),
  },
  'PUT /api/fatwahs/:id': {
    expect: adminOnly(),
    request: async (world) => ({
      method: 'PUT',
      url: `/api/fatwahs/${(await createFatwah(db(world), { status: 'pending' })).id}`,
      payload: { status: 'published' },
    }),
  },
  // The desk's sets of synonyms.
  'GET /api/fatwahs/admin/synonyms': {
    expect: adminOnly(),
    request: () => get('/api/fatwahs/admin/synonyms'),
  },
  'POST /api/fatwahs/admin/synonyms': {
    expect: adminOnly(201),
    request: () => ({
      method: 'POST',
      url: '/api/fatwahs/admin/synonyms',
      payload: { words: ['tayammum', 'tayamum'] },
    }),
  },
  'PUT /api/fatwahs/admin/synonyms/:id': {
    expect: adminOnly(),
    request: async (world) => {
      const [set] = await db(world)
        .insert(searchSynonyms)
        .values({ words: ['miswak', 'siwak'] })
        .returning();
      return {
        method: 'PUT',
        url: `/api/fatwahs/admin/synonyms/${set!.id}`,
        payload: { words: ['miswak', 'siwak', 'misvak'] },
      };
    },
  },
  'DELETE /api/fatwahs/admin/synonyms/:id': {
    expect: adminOnly(),
    request: async (world) => {
      const [set] = await db(world)
        .insert(searchSynonyms)
        .values({ words: ['qibla', 'qiblah'] })
        .returning();
      return { method: 'DELETE', url: `/api/fatwahs/admin/synonyms/${set!.id}` };
    },
  },
  'DELETE /api/fatwahs/:id': {
    expect: adminOnly(),
    request: async (world) => ({
      method: 'DELETE',
      url: `/api/fatwahs/${(await createFatwah(db(world))).id}`,
    }),
  },
};
