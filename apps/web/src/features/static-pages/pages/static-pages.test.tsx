import { render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AboutPage } from './about-page';
import { InitiativesPage } from './initiatives-page';
import { PrivacyPolicyPage } from './privacy-policy-page';
import { ReturnPolicyPage } from './return-policy-page';
import { TermsPage } from './terms-page';

const renderPage = (page: ReactElement) => render(<MemoryRouter>{page}</MemoryRouter>);
const description = () => document.querySelector('meta[name="description"]')?.getAttribute('content');

describe('AboutPage', () => {
  it('has the biography, five certifications, three courses, mission and values, and the calls to action', () => {
    renderPage(<AboutPage />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe('About | Darul Ilm');
    expect(description()).toMatch(/Shaikh/);
    expect(screen.getByRole('heading', { level: 2, name: 'Biography' })).toBeInTheDocument();
    const certifications = screen.getByRole('region', { name: 'Certifications' });
    expect(within(certifications).getAllByRole('listitem')).toHaveLength(5);
    const courses = screen.getByRole('region', { name: 'Courses' });
    expect(within(courses).getAllByRole('article')).toHaveLength(3);
    expect(screen.getByRole('heading', { level: 2, name: 'Mission and Values' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse books' })).toHaveAttribute('href', '/books');
    expect(screen.getByRole('link', { name: 'Ask a question' })).toHaveAttribute('href', '/ask-fatwah');
    expect(screen.getByRole('link', { name: 'Read articles' })).toHaveAttribute('href', '/articles');
    const glance = within(screen.getByRole('complementary', { name: 'At a glance' })).getAllByRole(
      'listitem',
    );
    expect(glance.map((item) => item.textContent)).toEqual([
      'Quran, Hadith and Fiqh',
      'Based in Kolkata, India',
      'Students from the age of 3 to 70',
    ]);
  });
});

describe('InitiativesPage', () => {
  it('has the title, the three badges and five alternating cards with the facts of the spec', () => {
    renderPage(<InitiativesPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Initiatives by the Shaikh');
    expect(document.title).toBe('Initiatives | Darul Ilm');
    const badges = within(screen.getByRole('list', { name: 'At a glance' })).getAllByRole('listitem');
    expect(badges.map((badge) => badge.textContent)).toEqual([
      '5 Major Initiatives',
      'Since 2021',
      'Global Impact',
    ]);

    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(5);
    const years = cards.map((card) =>
      Number(
        within(card)
          .getByText(/^Founded \d{4}$/)
          .textContent?.slice(-4),
      ),
    );
    expect(Math.min(...years)).toBe(2021);
    expect(new Set(years.filter((year) => year !== 2021))).toEqual(new Set([2023, 2024, 2025]));
    for (const card of cards) {
      const heading = within(card).getByRole('heading', { level: 2 });
      const highlights = within(card).getByRole('list', { name: `Highlights of ${heading.textContent}` });
      expect(within(highlights).getAllByRole('listitem')).toHaveLength(4);
      const website = within(card).queryByRole('link', { name: /Visit website/ });
      if (website) expect(website).toHaveAttribute('target', '_blank');
      else expect(within(card).getByText('Coming Soon')).toBeInTheDocument();
    }
    // The picture side alternates.
    const pictureSide = cards.map((card) =>
      (card.firstElementChild as HTMLElement).className.includes('md:order-last'),
    );
    expect(pictureSide).toEqual([false, true, false, true, false]);

    expect(document.body).toHaveTextContent('Over 2000 individuals');
    expect(document.body).toHaveTextContent('ages 3 to 70');
    expect(document.body).toHaveTextContent('Nursery to Class 2');
    expect(document.body).toHaveTextContent('Class 12');
    const join = screen.getByRole('region', { name: 'Join the Movement' });
    expect(within(join).getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '/about');
    expect(within(join).getByRole('link', { name: 'Get Involved' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    );
  });
});

describe('Policy pages', () => {
  it.each([
    ['Privacy Policy', <PrivacyPolicyPage key="p" />],
    ['Terms and Conditions', <TermsPage key="t" />],
    ['Return Policy', <ReturnPolicyPage key="r" />],
  ])('%s is text with its own title and description', (title, page) => {
    renderPage(page);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(document.title).toBe(`${title} | Darul Ilm`);
    expect(description()).toBeTruthy();
    expect(screen.getByText('Last updated: 1 November 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('states the facts of spec §9: USD, a 30-day return window and refunds in 5-7 business days', () => {
    renderPage(<ReturnPolicyPage />);
    const text = document.body.textContent ?? '';
    expect(text).toContain('30 days');
    expect(text).toContain('5-7 business days');
    expect(text).toContain('USD');
  });
});
