import type { Fatwah } from '@scholar/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import { FatwahPage } from './fatwah-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ID = '0190b0a0-0000-7000-8000-0000000000f3';
const fatwah: Fatwah = {
  _id: ID,
  question: 'May I pray sitting on a train?',
  answer: 'Yes, when standing is not possible.',
  categories: ['Prayer'],
  status: 'published',
  answeredBy: { name: 'Mufti Yusuf' },
  publishedAt: '2026-11-01T00:00:00.000Z',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

/** The page of one fatwah, its read answered by `answer` in turn (the last one repeats). */
function openPage(...answers: (() => Response | Promise<Response>)[]) {
  let calls = 0;
  vi.stubGlobal('fetch', async (input: string) => {
    const path = new URL(input, 'http://localhost').pathname;
    if (path === `/api/fatwahs/${ID}`) {
      const answer = answers[Math.min(calls, answers.length - 1)]!;
      calls += 1;
      return answer();
    }
    return json(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
  });
  const router = createMemoryRouter([{ path: '/fatwah/:id', element: <FatwahPage /> }], {
    initialEntries: [`/fatwah/${ID}`],
  });
  renderWithProviders(router);
  return () => calls;
}

describe('FatwahPage', () => {
  it('says the details failed to load on a server error, and shows the fatwah after Retry', async () => {
    const user = userEvent.setup();
    const calls = openPage(
      () => json(500, { success: false, error: 'An unexpected error occurred', code: 'INTERNAL' }),
      () => json(200, { success: true, data: fatwah }),
    );
    expect(
      await screen.findByRole('heading', { name: 'Failed to fetch fatwah details' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Fatwah not found')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: fatwah.question })).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch fatwah details')).not.toBeInTheDocument();
    expect(calls()).toBe(2);
  });

  it('says the same when the network fails', async () => {
    openPage(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch fatwah details');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('says "Fatwah not found" only for a 404, with no Retry', async () => {
    openPage(() => json(404, { success: false, error: 'Fatwah not found', code: 'FATWAH_NOT_FOUND' }));
    expect(await screen.findByRole('heading', { name: 'Fatwah not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch fatwah details')).not.toBeInTheDocument();
  });

  it("shows 'Asked by' only when the answer carries the asker's name", async () => {
    openPage(() => json(200, { success: true, data: fatwah }));
    expect(await screen.findByText('Answered by')).toBeInTheDocument();
    expect(screen.queryByText('Asked by')).not.toBeInTheDocument();
  });
});
