import { apiReads, PUBLIC_PAGES, withScholarName, type Book, type SiteSettings } from '@scholar/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { read } from './raw-page';

/** A fatwah, or an article as the lists give it (no content). */
export interface Fatwah {
  _id: string;
  question: string;
  answer?: string | null;
}
export interface ArticleSummary {
  _id: string;
  title: string;
}
export interface Article extends ArticleSummary {
  content: string;
}

/** The site's data the public pages are made from, read from the API as a reader's page reads it. */
export interface Site {
  settings: SiteSettings;
  /** Text about "the Shaikh" as the pages write it, with the scholar's name of the settings. */
  scholar: (text: string) => string;
  /** Every book (the home page's). */
  books: Book[];
  /** The home page's latest articles. */
  recentArticles: ArticleSummary[];
  /** The first page of each list, as its page asks for it. */
  booksPage: Book[];
  fatwahsPage: Fatwah[];
  articlesPage: ArticleSummary[];
  categories: string[];
}

export async function readSite(app: FastifyInstance): Promise<Site> {
  const settings = await read<SiteSettings>(app, '/settings');
  const [allBooks, recent] = PUBLIC_PAGES.home.firstReads(1, 'en');
  const [books, recentArticles, booksPage, fatwahsPage, articlesPage, categories] = await Promise.all([
    read<Book[]>(app, allBooks!),
    read<ArticleSummary[]>(app, recent!),
    read<Book[]>(app, PUBLIC_PAGES.books.firstReads(1, 'en')[0]!),
    read<Fatwah[]>(app, PUBLIC_PAGES.fatwahs.firstReads(1, 'en')[0]!),
    read<{ articles: ArticleSummary[] }>(app, PUBLIC_PAGES.articles.firstReads(1, 'en')[0]!),
    read<string[]>(app, '/fatwahs/categories'),
  ]);
  expect(booksPage.length, 'books to show').toBeGreaterThan(0);
  expect(fatwahsPage.length, 'fatwahs to show').toBeGreaterThan(0);
  expect(articlesPage.articles.length, 'articles to show').toBeGreaterThan(0);
  return {
    settings,
    scholar: (text) => withScholarName(text, settings.scholarName),
    books,
    recentArticles,
    booksPage,
    fatwahsPage,
    articlesPage: articlesPage.articles,
    categories,
  };
}

/** The first answered fatwah of the list, whole. */
export async function answeredFatwah(app: FastifyInstance, site: Site): Promise<Fatwah & { answer: string }> {
  const listed = site.fatwahsPage.find((fatwah) => fatwah.answer);
  expect(listed, 'an answered fatwah').toBeDefined();
  return read<Fatwah & { answer: string }>(app, apiReads.fatwah(listed!._id));
}

/** The first article of the list, whole (this read counts a view, as a reader's would). */
export const firstArticle = (app: FastifyInstance, site: Site) =>
  read<Article>(app, apiReads.publishedArticle(site.articlesPage[0]!._id));
