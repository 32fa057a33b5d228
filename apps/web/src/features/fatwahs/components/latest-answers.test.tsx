import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderRoute } from '../../../test/fake-api';
import { LatestAnswers } from './latest-answers';

afterEach(() => {
  vi.unstubAllGlobals();
});

const fatwah = (n: number) => ({
  _id: `0190b0a0-0000-7000-8000-${String(n).padStart(12, '0')}`,
  question: `Question number ${n}?`,
  language: 'en',
  translationOf: null,
  answer: 'Yes.',
  answerHtml: '<p>Yes.</p>',
  reference: `Q-2026-${String(n).padStart(5, '0')}`,
  categories: ['Prayer'],
  status: 'published',
  answeredBy: null,
  publishedAt: '2026-11-01T00:00:00.000Z',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});

describe('LatestAnswers', () => {
  it('shows the four newest published fatwahs with their numbers, and links to all', async () => {
    const calls = fakeApi({
      'GET /fatwahs/public': () => [
        200,
        {
          success: true,
          data: [1, 2, 3, 4, 5, 6].map(fatwah),
          pagination: { page: 1, limit: 10, total: 6, pages: 1 },
        },
      ],
    });
    renderRoute(<LatestAnswers />, { path: '/', pattern: '/' });
    const section = (await screen.findByRole('heading', { name: 'Latest answers' })).closest('section')!;
    const links = await within(section).findAllByRole('link', { name: /Question number/ });
    expect(links).toHaveLength(4);
    expect(links[0]).toHaveAttribute('href', `/fatwah/${fatwah(1)._id}`);
    expect(links[0]).toHaveTextContent('Q-2026-00001');
    expect(within(section).getByRole('link', { name: 'All fatwahs' })).toHaveAttribute('href', '/fatwah');
    expect(calls.find((call) => call.path === '/fatwahs/public')?.query.get('page')).toBe('1');
  });

  it('shows no section when nothing is published', async () => {
    const calls = fakeApi({
      'GET /fatwahs/public': () => [
        200,
        { success: true, data: [], pagination: { page: 1, limit: 10, total: 0, pages: 0 } },
      ],
    });
    renderRoute(<LatestAnswers />, { path: '/', pattern: '/' });
    await vi.waitFor(() => expect(calls.length).toBeGreaterThan(0));
    await vi.waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Latest answers' })).not.toBeInTheDocument();
  });
});
