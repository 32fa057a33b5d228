import { STORAGE_KEYS } from '@scholar/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { loadI18n, LocaleProvider } from '../../lib/i18n';
import { LanguageSuggestion } from './language-suggestion';

/** The bar on an Urdu page, for a browser whose first language is `browser`. */
async function urduPage(browser: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(browser);
  const urdu = await loadI18n('ur');
  await loadI18n('en');
  return render(
    <LocaleProvider i18n={urdu}>
      <MemoryRouter basename="/ur" initialEntries={['/ur/books?page=2']}>
        <LanguageSuggestion />
      </MemoryRouter>
    </LocaleProvider>,
  );
}

describe('the suggestion to read in the browser’s language', () => {
  it('says so in both languages, each in its own direction, and links the same page in the other', async () => {
    await urduPage(['en-IN', 'en']);
    const bar = await screen.findByRole('complementary', { name: 'زبان' });
    const english = screen.getByText('This page is also in English.');
    expect(english).toHaveAttribute('lang', 'en-IN');
    expect(english).toHaveAttribute('dir', 'ltr');
    const urdu = screen.getByText('یہ صفحہ انگریزی میں بھی موجود ہے۔');
    expect(urdu).toHaveAttribute('dir', 'rtl');
    expect(bar).toContainElement(urdu);
    expect(screen.getByRole('link', { name: 'Read in English' })).toHaveAttribute('href', '/books?page=2');
    expect(screen.getByRole('button', { name: 'بند کریں' })).toBeInTheDocument();
  });

  it('is shown once: the next page does not show it again', async () => {
    const first = await urduPage(['en']);
    await screen.findByText('This page is also in English.');
    await userEvent.click(screen.getByRole('button', { name: 'بند کریں' }));
    expect(screen.queryByText('This page is also in English.')).not.toBeInTheDocument();
    first.unmount();

    await urduPage(['en']);
    // Given the time it took to appear the first time, it stays away.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.localeSuggestionShown)).toBe('true');
  });

  it('is never shown to a reader who chose a language with the switcher', async () => {
    // Bengali, chosen on another visit: the browser's English is not suggested, nor Bengali.
    localStorage.setItem(STORAGE_KEYS.locale, JSON.stringify('bn'));
    // Its messages at hand, so that a bar offering it would appear at once.
    await loadI18n('bn');
    await urduPage(['en']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });

  it('is not shown where the page is already in the browser’s language', async () => {
    await urduPage(['ur-PK', 'en']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });
});
