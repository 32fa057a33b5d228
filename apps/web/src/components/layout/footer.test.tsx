import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '@scholar/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadI18n, LocaleProvider } from '../../lib/i18n';
import { json } from '../../test/render';
import { Footer } from './footer';

/** The footer with `GET /api/settings` answering `settings` (or failing with `status`). */
function renderFooter(
  settings: SiteSettings | null = DEFAULT_SITE_SETTINGS,
  status = 200,
  i18n?: Awaited<ReturnType<typeof loadI18n>>,
) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    calls.push(String(input));
    return settings ? json(status, { success: true, data: settings }) : json(500, { success: false });
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        {i18n ? (
          <LocaleProvider i18n={i18n}>
            <Footer />
          </LocaleProvider>
        ) : (
          <Footer />
        )}
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

const launch: SiteSettings = {
  ...DEFAULT_SITE_SETTINGS,
  officeAddress: ['Darul Ilm', '22 Elliot Road', 'Kolkata 700016'],
  contactEmail: 'office@darulilm.in',
  phone: '+91 98300 12345',
  openingHours: '',
  social: {
    facebook: 'https://www.facebook.com/darulilm',
    instagram: '',
    twitter: '',
    youtube: 'https://www.youtube.com/@darulilm',
  },
};

describe('Footer', () => {
  it('shows the office address of the settings', async () => {
    const calls = renderFooter(launch);
    const office = screen.getByRole('region', { name: 'Office' });
    const address = office.querySelector('address')!;
    expect(await within(address).findByText('22 Elliot Road')).toBeInTheDocument();
    expect([...address.querySelectorAll('span.block')].map((line) => line.textContent)).toEqual(
      launch.officeAddress,
    );
    expect(calls).toEqual(['/api/settings']);
  });

  it('shows the demo office and contacts before an admin has saved any: a mail link, a phone link and the hours', async () => {
    renderFooter();
    const contact = screen.getByRole('region', { name: 'Contact' });
    expect(await within(contact).findByRole('link', { name: 'contact@darulilm.example' })).toHaveAttribute(
      'href',
      'mailto:contact@darulilm.example',
    );
    expect(within(contact).getByRole('link', { name: '+91 33 4000 1234' })).toHaveAttribute(
      'href',
      'tel:+913340001234',
    );
    // A phone number and a mail address read left to right on an Urdu page too (`+91` stays in front).
    expect(within(contact).getByRole('link', { name: '+91 33 4000 1234' })).toHaveAttribute('dir', 'ltr');
    expect(within(contact).getByRole('link', { name: 'contact@darulilm.example' })).toHaveAttribute(
      'dir',
      'ltr',
    );
    expect(within(contact).getByText('Monday to Saturday, 10:00 to 18:00 IST')).toBeInTheDocument();
    const office = screen.getByRole('region', { name: 'Office' });
    expect(within(office).getByText('14 Ripon Street, Park Circus')).toBeInTheDocument();
  });

  it('shows the contacts of the settings and leaves out empty opening hours', async () => {
    renderFooter(launch);
    const contact = screen.getByRole('region', { name: 'Contact' });
    expect(await within(contact).findByRole('link', { name: '+91 98300 12345' })).toHaveAttribute(
      'href',
      'tel:+919830012345',
    );
    expect(within(contact).getByRole('link', { name: 'office@darulilm.in' })).toHaveAttribute(
      'href',
      'mailto:office@darulilm.in',
    );
    expect(within(contact).getAllByRole('listitem')).toHaveLength(2);
  });

  it('links only to the networks the settings name, each opening safely in a new tab', async () => {
    renderFooter(launch);
    const follow = await screen.findByRole('region', { name: 'Follow Us' });
    const links = within(follow).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Facebook', 'YouTube']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://www.facebook.com/darulilm',
      'https://www.youtube.com/@darulilm',
    ]);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAccessibleName(`Darul Ilm on ${link.textContent} (opens in a new tab)`);
      expect(link.getAttribute('rel')?.split(' ')).toEqual(
        expect.arrayContaining(['noopener', 'noreferrer']),
      );
    }
  });

  it('has no Follow Us at all while no link is set, and no link to a placeholder anywhere', async () => {
    renderFooter();
    await screen.findByRole('link', { name: 'contact@darulilm.example' });
    expect(screen.queryByRole('region', { name: 'Follow Us' })).not.toBeInTheDocument();
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href') ?? '');
    expect(
      hrefs.filter((href) =>
        /facebook\.com|instagram\.com|twitter\.com|youtube\.com|example\.org/.test(href),
      ),
    ).toEqual([]);
  });

  it('shows no placeholder contact when the settings cannot be read', async () => {
    renderFooter(null);
    // The policies are there at once; the contacts never come.
    expect(screen.getByRole('list', { name: 'Policies' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('link', { name: /@/ })).not.toBeInTheDocument();
    expect(screen.queryByText('+91 33 4000 1234')).not.toBeInTheDocument();
  });

  it('ends with the policies and the copyright line', () => {
    renderFooter();
    const policies = screen.getByRole('list', { name: 'Policies' });
    expect(
      within(policies)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/privacy-policy', '/terms-and-conditions', '/return-policy']);
    expect(
      screen.getByText(`© ${new Date().getFullYear()} Darul Ilm. All rights reserved.`),
    ).toBeInTheDocument();
  });

  it('shows the office and hours in the page’s language, and the English words marked as English where there are none', async () => {
    renderFooter(DEFAULT_SITE_SETTINGS, 200, await loadI18n('ur'));
    const address = (await screen.findByText('کولکاتا، مغربی بنگال 700016')).closest('address')!;
    expect(address).not.toHaveTextContent('Park Circus');
    expect(await screen.findByText('پیر تا ہفتہ، صبح 10 بجے سے شام 6 بجے تک')).toBeInTheDocument();
    vi.unstubAllGlobals();

    const noBengali: SiteSettings = {
      ...DEFAULT_SITE_SETTINGS,
      translations: { ur: DEFAULT_SITE_SETTINGS.translations.ur },
    };
    renderFooter(noBengali, 200, await loadI18n('bn'));
    const hours = await screen.findByText(DEFAULT_SITE_SETTINGS.openingHours);
    expect(hours).toHaveAttribute('lang', 'en');
    expect(screen.getByText('14 Ripon Street, Park Circus').closest('[lang]')).toHaveAttribute('lang', 'en');
  });
});
