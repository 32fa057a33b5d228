import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadI18n, LocaleProvider, T, useFormat, useLocale, useT } from './i18n';

function Sample({ count }: { count: number }) {
  const t = useT();
  const { dir, href } = useLocale();
  return (
    <div dir={dir}>
      <p>{t('cart.label', { count })}</p>
      <p data-testid="signed-in">
        <T id="nav.signedInAs" values={{ name: 'Amina' }} components={{ 0: <b /> }} />
      </p>
      <a href={href('/books')}>{t('nav.books')}</a>
    </div>
  );
}

describe('messages in the page’s language', () => {
  it('formats English by default, with plurals and elements in the message', () => {
    render(<Sample count={1} />);
    expect(screen.getByText('Cart, 1 item')).toBeInTheDocument();
    expect(screen.getByTestId('signed-in').innerHTML).toBe('Signed in as <b>Amina</b>');
    expect(screen.getByRole('link', { name: 'Books' })).toHaveAttribute('href', '/books');
  });

  it('formats Urdu right to left under its prefix, and Bengali with its own digits', async () => {
    const urdu = await loadI18n('ur');
    const { unmount } = render(
      <LocaleProvider i18n={urdu}>
        <Sample count={3} />
      </LocaleProvider>,
    );
    expect(screen.getByText('کارٹ، 3 چیزیں')).toBeInTheDocument();
    expect(screen.getByTestId('signed-in').innerHTML).toBe('<b>Amina</b> کے نام سے داخل');
    expect(screen.getByRole('link', { name: 'کتابیں' })).toHaveAttribute('href', '/ur/books');
    expect(screen.getByText('کتابیں').closest('div')).toHaveAttribute('dir', 'rtl');
    unmount();

    render(
      <LocaleProvider i18n={await loadI18n('bn')}>
        <Sample count={2} />
      </LocaleProvider>,
    );
    expect(screen.getByText('কার্ট, ২টি জিনিস')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'বই' })).toHaveAttribute('href', '/bn/books');
  });

  it('writes money, counts and dates in each language, English as the site always has', async () => {
    function Formats() {
      const { money, number, date } = useFormat();
      return <p>{[money(100000), number(1234567), date('2026-12-02T10:00:00Z')].join(' | ')}</p>;
    }
    const { unmount } = render(<Formats />);
    expect(screen.getByText('₹1,00,000.00 | 12,34,567 | 2 Dec 2026')).toBeInTheDocument();
    unmount();
    const urdu = render(
      <LocaleProvider i18n={await loadI18n('ur')}>
        <Formats />
      </LocaleProvider>,
    );
    expect(urdu.container.textContent).toBe('₹1,00,000.00 | 12,34,567 | 2 دسمبر، 2026');
    urdu.unmount();
    const bengali = render(
      <LocaleProvider i18n={await loadI18n('bn')}>
        <Formats />
      </LocaleProvider>,
    );
    expect(bengali.container.textContent).toMatch(/^₹১,০০,০০০\.০০ \| ১২,৩৪,৫৬৭ \| ২ ডিসে/);
  });

  it('isolates a price inside a plain-text sentence on an Urdu page only, so that "+₹40.00" keeps its order', async () => {
    function Fee() {
      const t = useT();
      const { money, inText } = useFormat();
      return <p>{t('coupons.payCod', { fee: inText(`+${money(40)}`) })}</p>;
    }
    const english = render(<Fee />);
    expect(english.container.textContent).toBe('Cash on delivery (+₹40.00)');
    english.unmount();
    const urdu = render(
      <LocaleProvider i18n={await loadI18n('ur')}>
        <Fee />
      </LocaleProvider>,
    );
    expect(urdu.container.textContent).toBe('ڈیلیوری پر نقد ادائیگی (\u2066+₹40.00\u2069)');
    urdu.unmount();
  });

  it('isolates a name inside a plain-text sentence on an Urdu page only, by its own first letter', async () => {
    function Byline({ name }: { name: string }) {
      const t = useT();
      const { named } = useFormat();
      return <p>{t('fatwahs.card.by', { name: named(name) })}</p>;
    }
    const english = render(<Byline name="Administrator" />);
    expect(english.container.textContent).toBe('By: Administrator');
    english.unmount();
    for (const [locale, name, text] of [
      // An English name in an Urdu sentence: the first-strong isolate keeps it left to right, on its own.
      ['ur', 'Administrator', 'جواب: \u2068Administrator\u2069'],
      // An Urdu name stays right to left.
      ['ur', 'مفتی احمد', 'جواب: \u2068مفتی احمد\u2069'],
      // Bengali is written left to right, like English: nothing to isolate.
      ['bn', 'Administrator', 'উত্তর: Administrator'],
    ] as const) {
      const page = render(
        <LocaleProvider i18n={await loadI18n(locale)}>
          <Byline name={name} />
        </LocaleProvider>,
      );
      expect(page.container.textContent).toBe(text);
      page.unmount();
    }
  });

  it('loads each language once', async () => {
    expect(await loadI18n('ur')).toBe(await loadI18n('ur'));
  });
});
