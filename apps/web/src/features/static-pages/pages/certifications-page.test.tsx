import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadI18n, LocaleProvider } from '../../../lib/i18n';
import { renderStaticPage } from '../testing';
import { CertificationsPage } from './certifications-page';

function renderPage() {
  renderStaticPage(<CertificationsPage />);
  return userEvent.setup();
}

afterEach(() => vi.unstubAllGlobals());

const dialog = () => screen.getByRole('dialog', { name: 'Certificate viewer' });
const counter = () => within(dialog()).getByText(/^\d+\/\d+$/);

beforeEach(() => {
  document.body.style.overflow = 'auto';
});

describe('CertificationsPage gallery', () => {
  it('lists the certificates by category with their counts, on horizontal scrollers', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Certifications' })).toBeInTheDocument();
    expect(document.title).toBe('Certifications | Darul Ilm');
    const counts = Object.fromEntries(
      ['Qirat', 'Quran', 'Hadith', 'Fiqh', 'Arabic', 'Academic'].map((name) => [
        name,
        within(screen.getByRole('list', { name: `${name} certificates` })).getAllByRole('listitem').length,
      ]),
    );
    expect(counts).toEqual({ Qirat: 3, Quran: 2, Hadith: 2, Fiqh: 3, Arabic: 2, Academic: 4 });
    expect(screen.getByRole('list', { name: 'Qirat certificates' })).toHaveClass('overflow-x-auto');
  });
});

describe('Certificate lightbox', () => {
  it('opens on the chosen image with an n/total counter, locks the page scroll and moves the focus in', async () => {
    const user = renderPage();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Certificate in Tajwid' }));

    expect(dialog()).toHaveAttribute('aria-modal', 'true');
    expect(counter()).toHaveTextContent('5/16');
    expect(within(dialog()).getByRole('img', { name: 'Certificate in Tajwid' })).toHaveAttribute(
      'src',
      '/certificates/quran-2.webp',
    );
    expect(document.body.style.overflow).toBe('hidden');
    expect(within(dialog()).getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('moves with the previous and next controls and wraps around at both ends', async () => {
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Ijazah in the Reading of Hafs' }));
    expect(counter()).toHaveTextContent('1/16');

    await user.click(screen.getByRole('button', { name: 'Previous certificate' }));
    expect(counter()).toHaveTextContent('16/16');
    expect(within(dialog()).getByRole('img')).toHaveAccessibleName('Certificate in Translation');

    await user.click(screen.getByRole('button', { name: 'Next certificate' }));
    expect(counter()).toHaveTextContent('1/16');
    await user.click(screen.getByRole('button', { name: 'Next certificate' }));
    expect(counter()).toHaveTextContent('2/16');
    expect(within(dialog()).getByRole('img')).toHaveAccessibleName('Ijazah in the Seven Qira’at');
  });

  it('follows the arrow keys, keeps Tab inside, and closes on Escape restoring scroll and focus', async () => {
    const user = renderPage();
    const opener = screen.getByRole('button', { name: 'Certificate in Translation' });
    await user.click(opener);
    expect(counter()).toHaveTextContent('16/16');

    await user.keyboard('{ArrowRight}');
    expect(counter()).toHaveTextContent('1/16');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(counter()).toHaveTextContent('15/16');

    // Close → Previous → Next → back to Close.
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next certificate' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Next certificate' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('auto');
    expect(opener).toHaveFocus();
  });

  it('closes with the Close button', async () => {
    const user = renderPage();
    const opener = screen.getByRole('button', { name: 'Alimiyyah in Islamic Jurisprudence' });
    await user.click(opener);
    expect(counter()).toHaveTextContent('8/16');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('auto');
    expect(opener).toHaveFocus();
  });
});

describe('CertificationsPage in Urdu and Bengali', () => {
  it('names the categories, counts and viewer in Urdu', async () => {
    renderStaticPage(
      <LocaleProvider i18n={await loadI18n('ur')}>
        <CertificationsPage />
      </LocaleProvider>,
    );
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { level: 1, name: 'اسناد' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'اسناد کی قسمیں' })).toBeInTheDocument();
    const qirat = screen.getByRole('region', { name: 'قراءات' });
    expect(within(qirat).getByText('3 اسناد')).toBeInTheDocument();
    expect(within(qirat).getAllByRole('list', { name: 'قراءات کی اسناد' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'تجوید میں سند' }));
    const viewer = screen.getByRole('dialog', { name: 'سند دیکھنے کا خانہ' });
    expect(within(viewer).getByText('5/16')).toBeInTheDocument();
    expect(within(viewer).getByRole('img', { name: 'تجوید میں سند' })).toHaveAttribute(
      'src',
      '/certificates/quran-2.webp',
    );
    expect(within(viewer).getByRole('button', { name: 'بند کریں' })).toHaveFocus();
    expect(within(viewer).getByRole('button', { name: 'اگلی سند' })).toBeInTheDocument();
  });

  it('writes the counts in Bengali digits in Bengali', async () => {
    renderStaticPage(
      <LocaleProvider i18n={await loadI18n('bn')}>
        <CertificationsPage />
      </LocaleProvider>,
    );
    const user = userEvent.setup();
    expect(within(screen.getByRole('region', { name: 'শিক্ষাগত' })).getByText('৪টি সনদ')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'অনুবাদে সনদ' }));
    expect(
      within(screen.getByRole('dialog', { name: 'সনদ দেখার জানালা' })).getByText('১৬/১৬'),
    ).toBeInTheDocument();
  });
});
