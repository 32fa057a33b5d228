import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { site } from '../../content/site';
import { Footer } from './footer';

const renderFooter = () =>
  render(
    <MemoryRouter>
      <Footer />
    </MemoryRouter>,
  );

describe('Footer', () => {
  it('shows the full Kolkata office address', () => {
    renderFooter();
    const office = screen.getByRole('region', { name: 'Office' });
    const address = office.querySelector('address')!;
    expect(site.office.lines).toEqual([
      'Darul Ilm Office',
      '14 Ripon Street, Park Circus',
      'Kolkata, West Bengal 700016',
      'India',
    ]);
    for (const line of site.office.lines) expect(within(address).getByText(line)).toBeInTheDocument();
  });

  it('shows the contact details: a mail link, a phone link and the opening hours', () => {
    renderFooter();
    const contact = screen.getByRole('region', { name: 'Contact' });
    expect(within(contact).getByRole('link', { name: site.contact.email })).toHaveAttribute(
      'href',
      'mailto:contact@darulilm.example',
    );
    expect(within(contact).getByRole('link', { name: site.contact.phone })).toHaveAttribute(
      'href',
      'tel:+913340001234',
    );
    expect(within(contact).getByText('Monday to Saturday, 10:00 to 18:00 IST')).toBeInTheDocument();
  });

  it('links to Facebook, Instagram, Twitter and YouTube, each opening safely in a new tab', () => {
    renderFooter();
    const follow = screen.getByRole('region', { name: 'Follow Us' });
    const links = within(follow)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('target') === '_blank');
    expect(links.map((link) => link.textContent)).toEqual(['Facebook', 'Instagram', 'Twitter', 'YouTube']);
    for (const [i, link] of links.entries()) {
      const social = site.social[i]!;
      expect(link).toHaveAttribute('href', social.href);
      expect(link).toHaveAccessibleName(`Darul Ilm on ${social.name} (opens in a new tab)`);
      expect(link.getAttribute('rel')?.split(' ')).toEqual(
        expect.arrayContaining(['noopener', 'noreferrer']),
      );
    }
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
});
