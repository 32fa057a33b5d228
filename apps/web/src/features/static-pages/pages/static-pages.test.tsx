import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '@scholar/shared';
import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadI18n, LocaleProvider } from '../../../lib/i18n';
import { renderStaticPage } from '../testing';
import { AboutPage } from './about-page';
import { InitiativesPage } from './initiatives-page';
import { PrivacyPolicyPage } from './privacy-policy-page';
import { ReturnPolicyPage } from './return-policy-page';
import { TermsPage } from './terms-page';

const renderPage = (page: ReactElement, settings?: SiteSettings) => renderStaticPage(page, settings);
const description = () => document.querySelector('meta[name="description"]')?.getAttribute('content');

afterEach(() => vi.unstubAllGlobals());

/** What an admin saves at launch. */
const launch: SiteSettings = {
  ...DEFAULT_SITE_SETTINGS,
  scholarName: 'Shaikh Abdullah Rahmani',
  officeAddress: ['Darul Ilm', '22 Elliot Road', 'Kolkata 700016'],
  contactEmail: 'office@darulilm.in',
  phone: '+91 98300 12345',
  openingHours: '',
  courses: { quranTajwid: 'https://academy.darulilm.in/tajwid', arabicBeginners: '', fiqhOfWorship: '' },
  initiatives: { learning: 'https://academy.darulilm.in', charity: '', school: '', food: '', travel: '' },
};

/** Every link of the page that points to a placeholder site. */
const placeholderLinks = () =>
  [...document.querySelectorAll('a[href]')]
    .map((link) => link.getAttribute('href') ?? '')
    .filter((href) => /example\.org|facebook\.com\/?$/.test(href));

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

describe('AboutPage with the site settings', () => {
  it("shows no course link before an admin sets one, and the scholar's name of the settings", async () => {
    renderPage(<AboutPage />);
    const courses = screen.getByRole('region', { name: 'Courses' });
    expect(within(courses).getAllByRole('article')).toHaveLength(3);
    expect(within(courses).queryAllByRole('link')).toEqual([]);
    expect(placeholderLinks()).toEqual([]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('About the Shaikh');
  });

  it('writes the name of the settings in place of "the Shaikh" and links the courses the settings name', async () => {
    renderPage(<AboutPage />, launch);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'About Shaikh Abdullah Rahmani' }),
    ).toBeInTheDocument();
    expect(document.body).toHaveTextContent('Shaikh Abdullah Rahmani began memorising the Quran');
    expect(document.body).not.toHaveTextContent(/the Shaikh/i);
    expect(description()).toMatch(/^Shaikh Abdullah Rahmani of Darul Ilm/);
    const courses = screen.getByRole('region', { name: 'Courses' });
    const links = within(courses).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://academy.darulilm.in/tajwid');
    expect(links[0]).toHaveAccessibleName(/Quran Recitation with Tajwid/);
  });
});

describe('InitiativesPage', () => {
  it('has the title, the three badges and five alternating cards with the facts of docs/product.md, "Initiatives"', async () => {
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
    expect(await within(join).findByRole('link', { name: 'Get Involved' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    );
  });
});

describe('InitiativesPage with the site settings', () => {
  it("says 'Coming Soon' for every initiative before an admin sets its website", async () => {
    renderPage(<InitiativesPage />);
    const join = screen.getByRole('region', { name: 'Join the Movement' });
    expect(await within(join).findByRole('link', { name: 'Get Involved' })).toHaveAttribute(
      'href',
      'mailto:contact@darulilm.example?subject=I%20would%20like%20to%20get%20involved',
    );
    const cards = screen.getAllByRole('article');
    for (const card of cards) expect(within(card).getByText('Coming Soon')).toBeInTheDocument();
    expect(screen.queryAllByRole('link', { name: /Visit website/ })).toEqual([]);
    expect(placeholderLinks()).toEqual([]);
  });

  it("links the websites of the settings, writes the scholar's name and mails the contact address", async () => {
    renderPage(<InitiativesPage />, launch);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Initiatives by Shaikh Abdullah Rahmani' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Initiatives by Shaikh Abdullah Rahmani' })).toBeInTheDocument();
    const website = screen.getByRole('link', { name: /Visit website/ });
    expect(website).toHaveAttribute('href', 'https://academy.darulilm.in');
    expect(website).toHaveAccessibleName(/Darul Ilm Online Academy/);
    expect(screen.getAllByText('Coming Soon')).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Get Involved' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:office@darulilm\.in\?/),
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
    expect(screen.getByText('Last updated: 1 Nov 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('states the facts of docs/product.md, "Policy pages": USD, a 30-day return window and refunds in 5-7 business days', () => {
    renderPage(<ReturnPolicyPage />);
    const text = document.body.textContent ?? '';
    expect(text).toContain('30 days');
    expect(text).toContain('5-7 business days');
    expect(text).toContain('USD');
  });
});

describe('Policy pages with the site settings', () => {
  it.each([
    ['Privacy Policy', <PrivacyPolicyPage key="p" />],
    ['Terms and Conditions', <TermsPage key="t" />],
    ['Return Policy', <ReturnPolicyPage key="r" />],
  ])('%s gives the contact details of the settings', async (_title, page) => {
    renderPage(page, launch);
    expect(
      await screen.findByText(
        /Write to office@darulilm\.in or call \+91 98300 12345, or visit our office at Darul Ilm, 22 Elliot Road, Kolkata 700016\./,
      ),
    ).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('{contact}');
    expect(document.body).not.toHaveTextContent('4000 1234');
  });
});

describe('the About and Initiatives pages in Urdu and Bengali', () => {
  it('writes the About page in Urdu, with the course links named in Urdu', async () => {
    renderPage(
      <LocaleProvider i18n={await loadI18n('ur')}>
        <AboutPage />
      </LocaleProvider>,
      launch,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'شیخ کا تعارف' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'سوانح' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'اسناد' })).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('complementary', { name: 'ایک نظر میں' })).toBeInTheDocument();
    const courses = screen.getByRole('region', { name: 'کورس' });
    expect(await within(courses).findByRole('link')).toHaveAccessibleName(
      'کورس دیکھیں: تجوید کے ساتھ تلاوتِ قرآن (نئے ٹیب میں کھلتا ہے)',
    );
    expect(screen.getByRole('link', { name: 'سوال پوچھیں' })).toHaveAttribute('href', '/ask-fatwah');
    expect(document.body).not.toHaveTextContent('Biography');
  });

  it('writes the Initiatives page in Urdu, names as they are, and its years in Bengali digits in Bengali', async () => {
    const { unmount } = renderPage(
      <LocaleProvider i18n={await loadI18n('ur')}>
        <InitiativesPage />
      </LocaleProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('شیخ کے اقدامات');
    const badges = within(screen.getByRole('list', { name: 'ایک نظر میں' })).getAllByRole('listitem');
    expect(badges.map((badge) => badge.textContent)).toEqual([
      '5 بڑے اقدامات',
      '2021 سے',
      'دنیا بھر میں اثر',
    ]);
    const cards = screen.getAllByRole('article');
    expect(within(cards[0]!).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Darul Ilm Online Academy',
    );
    expect(within(cards[0]!).getByText('قیام: 2021')).toBeInTheDocument();
    expect(
      within(cards[0]!).getByRole('list', { name: 'Darul Ilm Online Academy کی نمایاں باتیں' }),
    ).toBeInTheDocument();
    expect(within(cards[1]!).getByText('جلد آ رہا ہے')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'اس کارواں میں شامل ہوں' })).toBeInTheDocument();
    unmount();

    renderPage(
      <LocaleProvider i18n={await loadI18n('bn')}>
        <InitiativesPage />
      </LocaleProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('শায়খের উদ্যোগসমূহ');
    expect(within(screen.getAllByRole('article')[0]!).getByText('প্রতিষ্ঠা: ২০২১')).toBeInTheDocument();
  });
});

describe('the policy pages in Urdu and Bengali', () => {
  it('writes a policy in Urdu, says the English version governs, and gives the contacts in Urdu', async () => {
    renderPage(
      <LocaleProvider i18n={await loadI18n('ur')}>
        <ReturnPolicyPage />
      </LocaleProvider>,
      launch,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'واپسی کی پالیسی' })).toBeInTheDocument();
    expect(screen.getByText('آخری بار تازہ کیا گیا: یکم نومبر 2026')).toBeInTheDocument();
    expect(screen.getByText(/جہاں دونوں میں فرق ہو وہاں انگریزی نسخہ معتبر ہوگا/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'انگریزی نسخے' })).toHaveAttribute('href', '/return-policy');
    expect(screen.getByRole('heading', { level: 2, name: 'واپسی کی 30 دن کی مدت' })).toBeInTheDocument();
    expect(
      await screen.findByText(/office@darulilm\.in پر لکھیں یا \+91 98300 12345 پر فون کریں/),
    ).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('{contact}');
    expect(document.body).not.toHaveTextContent('Write to');
  });

  it.each([
    ['ur', <PrivacyPolicyPage key="p" />, 'رازداری'],
    ['ur', <TermsPage key="t" />, 'شرائط'],
    ['bn', <PrivacyPolicyPage key="p" />, 'গোপনীয়তা'],
    ['bn', <TermsPage key="t" />, 'শর্তাবলি'],
    ['bn', <ReturnPolicyPage key="r" />, 'ফেরত'],
  ] as const)(
    '%s: a policy page has its title in its language and the note on the English text',
    async (locale, page, word) => {
      renderPage(<LocaleProvider i18n={await loadI18n(locale)}>{page}</LocaleProvider>);
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(word);
      expect(
        screen.getByRole('link', { name: locale === 'ur' ? 'انگریزی نسخے' : 'ইংরেজি সংস্করণের' }),
      ).toHaveAttribute('hreflang', 'en');
      expect(document.body).not.toHaveTextContent('Last updated');
    },
  );
});
