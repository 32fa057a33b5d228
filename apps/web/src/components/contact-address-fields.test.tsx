import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadI18n, LocaleProvider } from '../lib/i18n';
import type { Bound } from '../lib/use-form';
import { AddressFields } from './contact-address-fields';

const bind = (key: string) =>
  ({ name: key, value: key === 'state' ? 'West Bengal' : '', onChange: () => {} }) as unknown as Bound;

describe('AddressFields', () => {
  it('names every state in the page’s language and keeps its English name as the value sent', async () => {
    render(
      <LocaleProvider i18n={await loadI18n('bn')}>
        <AddressFields bind={bind} />
      </LocaleProvider>,
    );
    const state = screen.getByRole('combobox');
    const bengal = within(state).getByRole('option', { name: 'পশ্চিমবঙ্গ' });
    expect(bengal).toHaveAttribute('value', 'West Bengal');
    expect((bengal as HTMLOptionElement).selected).toBe(true);
    // Every state has its Bengali name: none is shown in English.
    const names = within(state)
      .getAllByRole('option')
      .slice(1)
      .map((option) => option.textContent ?? '');
    expect(names).toHaveLength(36);
    expect(names.filter((name) => /[A-Za-z]/.test(name))).toEqual([]);
  });
});
