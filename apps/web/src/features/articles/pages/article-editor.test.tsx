import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyFormat, insertImage } from '../lib/markdown-toolbar';
import { indiaTimeInputOf, instantOfIndiaTime } from '../lib/schedule';
import { tagsOfInput } from '../lib/tags';
import { fakeApi, renderRoute, sampleArticle, signInAdmin } from '../testing';
import { ArticleCreatePage, ArticleEditPage } from './article-form-page';
import { spyOnToasts } from '../../../test/toasts';

spyOnToasts();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the toolbar', () => {
  it('wraps the selection in bold, italic or a link, or inserts a placeholder to type over', () => {
    expect(applyFormat('be patient', 3, 10, 'bold')).toEqual({ text: 'be **patient**', start: 5, end: 12 });
    expect(applyFormat('be ', 3, 3, 'italic')).toEqual({ text: 'be _italic text_', start: 4, end: 15 });
    const link = applyFormat('see this', 4, 8, 'link');
    expect(link.text).toBe('see [this](https://)');
    // The address is selected, to type.
    expect(link.text.slice(link.start, link.end)).toBe('https://');
  });

  it('starts blocks on the lines of the selection, after a blank line', () => {
    expect(applyFormat('Intro\nWhat I learned', 8, 8, 'heading').text).toBe('Intro\n\n## What I learned');
    expect(applyFormat('one\ntwo', 0, 7, 'list').text).toBe('- one\n- two');
    expect(applyFormat('one\ntwo', 0, 7, 'numbered').text).toBe('1. one\n2. two');
    expect(applyFormat('', 0, 0, 'quote')).toEqual({ text: '> Quote', start: 2, end: 7 });
  });

  it('inserts an image on a line of its own at the cursor, its description cleaned', () => {
    expect(insertImage('Before after', 6, 6, '/api/uploads/books/a.webp', 'the [plain]')).toEqual({
      text: 'Before\n![the  plain](/api/uploads/books/a.webp)\n after',
      start: 48,
      end: 48,
    });
  });
});

describe('tags and the schedule', () => {
  it('normalises typed tags: trimmed, lower-cased, no repeats or blanks, Urdu commas too', () => {
    expect(tagsOfInput(' Hajj, hajj ,Day  of Arafah,, حج،عرفہ')).toEqual([
      'hajj',
      'day of arafah',
      'حج',
      'عرفہ',
    ]);
  });

  it('reads and writes "Publish at" in India time, whatever the browser zone', () => {
    expect(instantOfIndiaTime('2026-11-27T18:30')).toBe('2026-11-27T13:00:00.000Z');
    expect(indiaTimeInputOf('2026-11-27T13:00:00.000Z')).toBe('2026-11-27T18:30');
    expect(instantOfIndiaTime('')).toBeUndefined();
    expect(instantOfIndiaTime('tomorrow')).toBeUndefined();
  });
});

describe('the editor', () => {
  const openCreate = () =>
    renderRoute(<ArticleCreatePage />, { path: '/admin/articles/create', pattern: '/admin/articles/create' });

  it('formats with the toolbar, uploads an inline image at the cursor, previews, and sends Markdown, tags and a schedule', async () => {
    const user = userEvent.setup();
    const path = '/api/uploads/books/0123456789abcdef0123456789abcdef.png';
    const calls = fakeApi(
      {
        'POST /articles/admin/images': () => [201, { success: true, data: { path } }],
        'POST /articles/admin/preview': () => [
          200,
          { success: true, data: { html: '<h2>What I learned</h2><p><img src="/x.png" alt="x"></p>' } },
        ],
        'POST /articles/admin': () => [201, { success: true, data: sampleArticle(3) }],
      },
      signInAdmin(),
    );
    openCreate();
    const text = screen.getByLabelText<HTMLTextAreaElement>('Article Content *');
    expect(text).toHaveAttribute('dir', 'auto');
    await user.type(text, 'What I learned');
    await user.click(screen.getByRole('button', { name: 'Heading' }));
    expect(text).toHaveValue('## What I learned');
    await user.click(text);
    await user.keyboard('{End}{Enter}{Enter}');
    await user.click(screen.getByRole('button', { name: 'Bulleted list' }));
    expect(text).toHaveValue('## What I learned\n\n- List item');
    // The placeholder is selected: typing replaces it.
    await waitFor(() => expect(text.selectionStart).toBe('## What I learned\n\n- '.length));
    await user.keyboard('patience');

    // The image goes where the cursor is: the end.
    await user.upload(
      screen.getByLabelText('Insert an image'),
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'plain-of-arafah.png', { type: 'image/png' }),
    );
    await waitFor(() =>
      expect(text).toHaveValue(`## What I learned\n\n- patience\n![plain of arafah](${path})\n`),
    );

    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    const preview = await screen.findByRole('tabpanel', { name: 'Preview' });
    expect(await within(preview).findByRole('heading', { level: 2, name: 'What I learned' })).toBeVisible();
    expect(calls.find((c) => c.path === '/articles/admin/preview')!.body).toEqual({
      markdown: `## What I learned\n\n- patience\n![plain of arafah](${path})\n`,
    });
    await user.click(screen.getByRole('tab', { name: 'Write' }));

    await user.type(screen.getByLabelText('Tags'), 'Hajj, Day of Arafah, hajj');
    expect(
      within(screen.getByRole('list', { name: 'Tags as saved' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['#hajj', '#day of arafah']);

    await user.type(screen.getByLabelText('Article Title *'), 'Arafah');
    await user.type(screen.getByLabelText('Featured Image URL *'), path);
    await user.click(screen.getByLabelText('Publish'));
    await user.type(screen.getByLabelText('Publish at (India time)'), '2026-12-01T09:00');
    await user.click(screen.getByRole('button', { name: 'Create Article' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/articles/admin' && c.method === 'POST')).toBe(true),
    );
    expect(calls.find((c) => c.path === '/articles/admin')!.body).toMatchObject({
      markdown: `## What I learned\n\n- patience\n![plain of arafah](${path})\n`,
      tags: ['hajj', 'day of arafah'],
      isPublished: true,
      publishAt: '2026-12-01T03:30:00.000Z',
    });
  });

  it('refuses an eleventh tag beside the field, and sends nothing', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({}, signInAdmin());
    openCreate();
    await user.type(screen.getByLabelText('Article Title *'), 'T');
    await user.type(screen.getByLabelText('Featured Image URL *'), '/api/uploads/demo/a.webp');
    await user.type(screen.getByLabelText('Article Content *'), 'Text');
    await user.type(screen.getByLabelText('Tags'), Array.from({ length: 11 }, (_, i) => `t${i}`).join(','));
    await user.click(screen.getByRole('button', { name: 'Create Article' }));
    await waitFor(() => expect(screen.getByLabelText('Tags')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('Tags')).toHaveAccessibleDescription(
      expect.stringContaining('Tags must be at most 10, of at most 40 characters each'),
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('opens a scheduled article with its time in India time, and its Markdown', async () => {
    const article = sampleArticle(4, {
      markdown: '## Hello',
      tags: ['hajj', 'sabr'],
      isPublished: true,
      publishedAt: '2099-01-01T00:00:00.000Z',
    });
    fakeApi(
      { [`GET /articles/admin/${article._id}`]: () => [200, { success: true, data: article }] },
      signInAdmin(),
    );
    renderRoute(<ArticleEditPage />, {
      path: `/admin/articles/edit/${article._id}`,
      pattern: '/admin/articles/edit/:id',
    });
    expect(await screen.findByLabelText('Article Content *')).toHaveValue('## Hello');
    expect(screen.getByLabelText('Tags')).toHaveValue('hajj, sabr');
    expect(screen.getByLabelText('Published')).toBeChecked();
    expect(screen.getByLabelText('Publish at (India time)')).toHaveValue('2099-01-01T05:30');
  });
});
