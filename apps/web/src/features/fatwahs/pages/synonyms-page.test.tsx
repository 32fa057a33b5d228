import type { SynonymSet } from '@scholar/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderRoute } from '../../../test/fake-api';
import { SynonymsPage } from './synonyms-page';

const WUDU: SynonymSet = {
  _id: '0190b0a0-0000-7000-8000-000000000001',
  words: ['wudu', 'wazu', 'ablution', 'وضو'],
  updatedAt: '2026-12-01T06:00:00.000Z',
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SynonymsPage', () => {
  it('lists the sets, adds one from words on lines and after commas, and removes one after asking', async () => {
    let sets = [WUDU];
    const calls = fakeApi({
      'GET /fatwahs/admin/synonyms': () => [200, { success: true, data: sets }],
      'POST /fatwahs/admin/synonyms': ({ body }) => {
        const added = {
          ...WUDU,
          _id: '0190b0a0-0000-7000-8000-000000000002',
          words: (body as SynonymSet).words,
        };
        sets = [...sets, added];
        return [201, { success: true, data: added }];
      },
      [`PUT /fatwahs/admin/synonyms/${WUDU._id}`]: ({ body }) => {
        sets = sets.map((set) =>
          set._id === WUDU._id ? { ...set, words: (body as SynonymSet).words } : set,
        );
        return [200, { success: true, data: sets[0] }];
      },
      [`DELETE /fatwahs/admin/synonyms/${WUDU._id}`]: () => {
        sets = sets.filter((set) => set._id !== WUDU._id);
        return [200, { success: true, data: null }];
      },
    });
    renderRoute(<SynonymsPage />, { path: '/admin/fatwah/synonyms', pattern: '/admin/fatwah/synonyms' });
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Sets of synonyms' });
    expect(within(list).getByRole('list', { name: 'Words of the set of wudu' })).toHaveTextContent(
      'wuduwazuablutionوضو',
    );

    await user.click(screen.getByRole('button', { name: 'New set' }));
    const form = screen.getByRole('form', { name: 'New set of synonyms' });
    await user.type(within(form).getByLabelText(/Words searched as one/), 'tayammum\ntayamum, تیمم');
    await user.click(within(form).getByRole('button', { name: 'Add synonyms' }));
    expect(await screen.findByRole('list', { name: 'Words of the set of tayammum' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      words: ['tayammum', 'tayamum', 'تیمم'],
    });

    // Edited where it stands in the list.
    await user.click(screen.getByRole('button', { name: 'Edit the set of wudu' }));
    const editor = within(list).getByRole('form', { name: 'Edit the set of wudu' });
    const words = within(editor).getByLabelText(/Words searched as one/);
    expect(words).toHaveValue('wudu\nwazu\nablution\nوضو');
    await user.type(words, '\nwuzu');
    await user.click(within(editor).getByRole('button', { name: 'Save synonyms' }));
    expect(await within(list).findByText('wuzu')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      words: ['wudu', 'wazu', 'ablution', 'وضو', 'wuzu'],
    });

    await user.click(screen.getByRole('button', { name: 'Remove the set of wudu' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this set?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove set' }));
    await vi.waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Words of the set of wudu' })).not.toBeInTheDocument(),
    );
  });
});
