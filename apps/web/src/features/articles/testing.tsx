import { type Article, type ArticleList, type ArticleSummary } from '@scholar/shared';
import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { renderRoute as renderAt } from '../../test/fake-api';
import { signedInAs } from '../../test/session';
export { fakeApi, type FakeCall, type FakeRoutes } from '../../test/fake-api';

export const signInAdmin = () => signedInAs('admin');

/** Test helpers of the articles feature: articles, an admin session, a fake API and a rendered route. */
export function sampleArticle(n: number, overrides: Partial<Article> = {}): Article {
  return {
    _id: `0190b0a0-0000-7000-8000-${String(n).padStart(12, '0')}`,
    title: `Article number ${n}`,
    language: 'en',
    translationOf: null,
    content: '<p>First paragraph.</p><p>Second paragraph.</p>',
    excerpt: `The excerpt of article ${n}.`,
    author: 'Admin',
    featuredImage: `/api/uploads/demo/article-${n}.webp`,
    category: 'General',
    tags: [],
    isPublished: true,
    views: n * 10,
    publishedAt: '2026-11-22T06:00:00.000Z',
    createdAt: '2026-11-20T06:00:00.000Z',
    updatedAt: '2026-11-20T06:00:00.000Z',
    ...overrides,
  };
}

/** An article as the lists answer it: without its content. */
export function summaryOf({ content: _content, ...summary }: Article): ArticleSummary {
  return summary;
}

/** A list answer of these articles (without their content, as the server sends lists). */
export function listOf(
  articles: Article[],
  pagination: Partial<ArticleList['pagination']> = {},
): ArticleList {
  return {
    articles: articles.map(summaryOf),
    pagination: {
      currentPage: 1,
      totalPages: 1,
      total: articles.length,
      hasNext: false,
      hasPrev: false,
      ...pagination,
    },
  };
}

/** Renders `element` at its route, with the article list's route standing by (where saving leads). */
export function renderRoute(
  element: ReactElement,
  { path, pattern, others = [] }: { path: string; pattern: string; others?: RouteObject[] },
) {
  const list = { path: '/admin/articles', element: <h1>Article list</h1> };
  return renderAt(element, { path, pattern, others: [list, ...others] });
}
