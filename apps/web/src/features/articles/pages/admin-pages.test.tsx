import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { fakeApi, listOf, renderRoute, sampleArticle, signInAdmin, type FakeRoutes } from '../testing';
import { AdminArticlesPage } from './admin-articles-page';
import { ArticleCreatePage, ArticleEditPage } from './article-form-page';
import { spyOnToasts } from '../../../test/toasts';

spyOnToasts();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const stats = {
  'GET /articles/admin/stats': () => [
    200,
    {
      success: true,
      data: { overview: { totalArticles: 12, publishedArticles: 8, draftArticles: 4, totalViews: 3456 } },
    },
  ],
} satisfies FakeRoutes;

const openList = () =>
  renderRoute(<AdminArticlesPage />, { path: '/admin/articles', pattern: '/admin/articles' });

/** These screens render many rows and type many characters: more than the default 5 s on a busy machine. */
const SLOW = { timeout: 20_000 };

describe('AdminArticlesPage', SLOW, () => {
  it('shows the stat cards, the table, and the footer with 10 a page', async () => {
    const user = userEvent.setup();
    const articles = Array.from({ length: 10 }, (_, i) =>
      sampleArticle(i + 1, {
        isPublished: i !== 0,
        author: i === 0 ? 'Shaykh Ahmad' : 'Admin',
        ...(i === 1 ? { language: 'ur' as const, title: 'رمضان کی تیاری' } : {}),
      }),
    );
    const calls = fakeApi(
      {
        ...stats,
        'GET /articles/admin/all': ({ query }) => {
          const page = Number(query.get('page'));
          return [
            200,
            {
              success: true,
              data: listOf(page === 1 ? articles : [sampleArticle(11), sampleArticle(12)], {
                currentPage: page,
                totalPages: 2,
                total: 12,
              }),
            },
          ];
        },
      },
      signInAdmin(),
    );
    openList();
    expect(screen.getByRole('heading', { level: 1, name: 'Article Management' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Article' })).toHaveAttribute(
      'href',
      '/admin/articles/create',
    );
    const statCards = screen.getByRole('region', { name: 'Article statistics' });
    await waitFor(() => expect(within(statCards).getByText('3456')).toBeInTheDocument());
    for (const [label, value] of [
      ['Total Articles', '12'],
      ['Published', '8'],
      ['Drafts', '4'],
    ] as const) {
      expect(within(statCards).getByText(label).nextElementSibling).toHaveTextContent(value);
    }

    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Title', 'Status', 'Views', 'Created', 'Actions']);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11));
    // An Urdu title reads right to left in the table too.
    expect(within(table).getByText('رمضان کی تیاری')).toHaveAttribute('dir', 'rtl');
    const firstRow = within(table)
      .getByRole('rowheader', { name: /Article number 1\b/ })
      .closest('tr')!;
    expect(within(firstRow).getByText('By Shaykh Ahmad')).toBeInTheDocument();
    expect(within(firstRow).getByText('Draft')).toBeInTheDocument();
    expect(within(firstRow).getByRole('button', { name: 'Publish "Article number 1"' })).toBeInTheDocument();
    expect(within(firstRow).getByRole('link', { name: 'Edit "Article number 1"' })).toHaveAttribute(
      'href',
      `/admin/articles/edit/${articles[0]!._id}`,
    );
    expect(screen.getByText('Showing 1 to 10 of 12 articles')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 11 to 12 of 12 articles')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    const listQueries = calls
      .filter((c) => c.path === '/articles/admin/all')
      .map((c) => Object.fromEntries(c.query));
    expect(listQueries[0]).toEqual({ page: '1', limit: '10', sortBy: 'createdAt', sortOrder: 'desc' });
    expect(listQueries.at(-1)).toMatchObject({ page: '2' });
  });

  it('searches and filters by status from the first page', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(
      { ...stats, 'GET /articles/admin/all': () => [200, { success: true, data: listOf([]) }] },
      signInAdmin(),
    );
    openList();
    expect(await screen.findByText('No articles found')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'Draft');
    await user.type(screen.getByLabelText('Search articles'), 'zakat');
    await waitFor(() =>
      expect(Object.fromEntries(calls.at(-1)!.query)).toMatchObject({
        search: 'zakat',
        isPublished: 'false',
        page: '1',
      }),
    );
    await user.selectOptions(screen.getByLabelText('Status'), 'Published');
    await waitFor(() => expect(calls.at(-1)!.query.get('isPublished')).toBe('true'));
    await user.selectOptions(screen.getByLabelText('Status'), 'All');
    await waitFor(() => expect(calls.at(-1)!.query.has('isPublished')).toBe(false));
  });

  it('toggles, deletes after the confirm, and says so; a failed stats call is logged only', async () => {
    const user = userEvent.setup();
    const article = sampleArticle(1, { title: 'Zakat Made Simple', isPublished: true });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    let deleted = false;
    const calls = fakeApi(
      {
        // Slower than the list: the list has re-rendered (without the deleted row) before the stats answer.
        'GET /articles/admin/stats': async () => {
          await new Promise((resolve) => setTimeout(resolve, 50));
          return [500, { success: false, error: 'An unexpected error occurred', code: 'X' }];
        },
        'GET /articles/admin/all': () => [200, { success: true, data: listOf(deleted ? [] : [article]) }],
        [`PATCH /articles/admin/${article._id}/toggle-publish`]: () => [
          200,
          {
            success: true,
            data: { ...article, isPublished: false },
            message: 'Article unpublished successfully',
          },
        ],
        [`DELETE /articles/admin/${article._id}`]: () => {
          deleted = true;
          return [200, { success: true, data: article, message: 'Article deleted successfully' }];
        },
      },
      signInAdmin(),
    );
    openList();
    await user.click(await screen.findByRole('button', { name: 'Unpublish "Zakat Made Simple"' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Article unpublished successfully'));
    await waitFor(() =>
      expect(log).toHaveBeenCalledWith('Loading the article statistics failed', expect.anything()),
    );
    expect(toast.error).not.toHaveBeenCalled();

    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await user.click(screen.getByRole('button', { name: 'Delete "Zakat Made Simple"' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete "Zakat Made Simple"?');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete "Zakat Made Simple"' }));
    // The row leaves the refreshed list before the answer is reported: the message still shows.
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Article deleted successfully'));
    expect(await screen.findByText('No articles found')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it("shows the server's error or the screen's default when an action fails", async () => {
    const user = userEvent.setup();
    const article = sampleArticle(1, { title: 'Old piece' });
    fakeApi(
      {
        ...stats,
        'GET /articles/admin/all': () => [200, { success: true, data: listOf([article]) }],
        [`PATCH /articles/admin/${article._id}/toggle-publish`]: () => [502, 'gateway'],
        [`DELETE /articles/admin/${article._id}`]: () => [
          404,
          { success: false, error: 'Article not found', code: 'ARTICLE_NOT_FOUND' },
        ],
      },
      signInAdmin(),
    );
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    openList();
    await user.click(await screen.findByRole('button', { name: 'Unpublish "Old piece"' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to update article status'));
    await user.click(screen.getByRole('button', { name: 'Delete "Old piece"' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Article not found'));
  });
});

describe('Article form', SLOW, () => {
  const openCreate = () =>
    renderRoute(<ArticleCreatePage />, { path: '/admin/articles/create', pattern: '/admin/articles/create' });

  it('creates: required fields, the image check, the preview, then the success message and the list', async () => {
    const user = userEvent.setup();
    const created = sampleArticle(5);
    const calls = fakeApi(
      {
        'POST /articles/admin': () => [
          201,
          { success: true, data: created, message: 'Article created successfully!' },
        ],
      },
      signInAdmin(),
    );
    const confirm = vi.spyOn(window, 'confirm');
    const { router } = openCreate();
    // Empty: the server signs the article with the writer's display name, shown as the placeholder.
    expect(screen.getByLabelText('Author')).toHaveValue('');
    expect(screen.getByLabelText('Author')).toHaveAttribute('placeholder', 'Admin');
    expect(screen.getByLabelText('Category')).toHaveValue('General');
    expect(screen.getByLabelText('Excerpt')).toHaveValue('');
    expect(screen.getByLabelText('Featured Image URL *')).toHaveAttribute('type', 'url');
    expect(screen.getByLabelText('Article Content *')).toHaveAttribute('rows', '16');
    expect(screen.getByLabelText('Publish')).not.toBeChecked();
    // The time is for an article to publish.
    expect(screen.getByLabelText('Publish at (India time)')).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Create Article' }));
    expect(toast.error).toHaveBeenCalledWith('Please fill in all required fields', expect.anything());
    for (const label of ['Article Title *', 'Featured Image URL *', 'Article Content *']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    }
    await waitFor(() => expect(screen.getByLabelText('Article Title *')).toHaveFocus());

    await user.type(screen.getByLabelText('Article Title *'), 'Patience');
    await user.type(screen.getByLabelText('Featured Image URL *'), 'javascript:alert(1)');
    await user.type(
      screen.getByLabelText('Article Content *'),
      'First paragraph.{Enter}{Enter}Second paragraph.',
    );
    await user.click(screen.getByRole('button', { name: 'Create Article' }));
    expect(toast.error).toHaveBeenLastCalledWith(
      'Featured image must be an http(s) URL or an uploaded image path (/api/uploads/...)',
      expect.anything(),
    );
    await waitFor(() => expect(screen.getByLabelText('Featured Image URL *')).toHaveFocus());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.clear(screen.getByLabelText('Featured Image URL *'));
    await user.type(screen.getByLabelText('Featured Image URL *'), 'https://images.example.com/p.jpg');
    expect(await screen.findByAltText('Featured image preview')).toHaveAttribute(
      'src',
      'https://images.example.com/p.jpg',
    );
    await user.click(screen.getByLabelText('Publish'));
    await user.click(screen.getByRole('button', { name: 'Create Article' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Article created successfully!'));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      title: 'Patience',
      author: '',
      featuredImage: 'https://images.example.com/p.jpg',
      category: 'General',
      excerpt: '',
      markdown: 'First paragraph.\n\nSecond paragraph.',
      tags: [],
      isPublished: true,
      // Empty: published at once.
      publishAt: null,
      language: 'en',
      translationOf: null,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/articles'));
    // Saved: leaving does not ask about unsaved changes.
    expect(confirm).not.toHaveBeenCalled();
  });

  it("shows the server's error when creating fails; sent again, it carries the same Idempotency-Key", async () => {
    const user = userEvent.setup();
    const calls = fakeApi({ 'POST /articles/admin': () => [500, 'oops'] }, signInAdmin());
    openCreate();
    await user.type(screen.getByLabelText('Article Title *'), 'T');
    await user.type(screen.getByLabelText('Featured Image URL *'), '/api/uploads/demo/article-1.webp');
    await user.type(screen.getByLabelText('Article Content *'), 'Text');
    await user.click(screen.getByRole('button', { name: 'Create Article' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to create article', expect.anything()),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to create article');
    await user.click(screen.getByRole('button', { name: 'Create Article' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(2));
    const keys = calls
      .filter((call) => call.method === 'POST')
      .map((call) => call.headers.get('idempotency-key'));
    expect(keys).toEqual([expect.any(String), keys[0]]);
  });

  it("puts the server's field errors beside their fields", async () => {
    const user = userEvent.setup();
    const message = 'Please fill in all required fields';
    fakeApi(
      {
        'POST /articles/admin': () => [
          400,
          {
            success: false,
            error: message,
            code: 'VALIDATION_ERROR',
            details: [{ path: 'body.markdown', message }],
          },
        ],
      },
      signInAdmin(),
    );
    openCreate();
    await user.type(screen.getByLabelText('Article Title *'), 'T');
    await user.type(screen.getByLabelText('Featured Image URL *'), '/api/uploads/demo/article-1.webp');
    await user.type(screen.getByLabelText('Article Content *'), '<p></p>');
    await user.click(screen.getByRole('button', { name: 'Create Article' }));
    const content = screen.getByLabelText('Article Content *');
    await waitFor(() => expect(content).toHaveFocus());
    expect(content).toHaveAttribute('aria-invalid', 'true');
    expect(content).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(content).toHaveAccessibleDescription(expect.stringMatching(/^Markdown: ## heading/));
  });

  const openEdit = (id: string) =>
    renderRoute(<ArticleEditPage />, {
      path: `/admin/articles/edit/${id}`,
      pattern: '/admin/articles/edit/:id',
    });

  it("edits: loading first, an older article's paragraphs as Markdown paragraphs, Published, Save Changes", async () => {
    const user = userEvent.setup();
    const article = sampleArticle(4, {
      title: 'Old title',
      author: 'Shaykh Ahmad',
      content: '<p>Tom &amp; Jerry</p><p>Second paragraph.</p>',
      isPublished: false,
    });
    const calls = fakeApi(
      {
        [`GET /articles/admin/${article._id}`]: () => [200, { success: true, data: article }],
        [`PUT /articles/admin/${article._id}`]: ({ body }) => [
          200,
          { success: true, data: { ...article, ...(body as object) } },
        ],
      },
      signInAdmin(),
    );
    const { router } = openEdit(article._id);
    expect(screen.getByText('Loading article...')).toBeInTheDocument();
    expect(await screen.findByLabelText('Article Title *')).toHaveValue('Old title');
    expect(screen.getByLabelText('Author')).toHaveValue('Shaykh Ahmad');
    expect(screen.getByLabelText('Article Content *')).toHaveValue('Tom & Jerry\n\nSecond paragraph.');
    expect(screen.getByLabelText('Published')).not.toBeChecked();

    await user.clear(screen.getByLabelText('Article Title *'));
    await user.type(screen.getByLabelText('Article Title *'), 'New title');
    await user.click(screen.getByLabelText('Published'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Article updated successfully!'));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      title: 'New title',
      markdown: 'Tom & Jerry\n\nSecond paragraph.',
      isPublished: true,
      publishAt: null,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/articles'));
  });

  it('returns to the list with a message when the article cannot be loaded', async () => {
    const id = sampleArticle(8)._id;
    fakeApi(
      {
        [`GET /articles/admin/${id}`]: () => [404, { success: false, error: 'Article not found', code: 'X' }],
      },
      signInAdmin(),
    );
    const { router } = openEdit(id);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to load article'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/articles'));
    expect(await screen.findByRole('heading', { name: 'Article list' })).toBeInTheDocument();
  });

  it('sends the language and the article it translates (the id of a pasted link); text fields follow their script', async () => {
    const user = userEvent.setup();
    const original = sampleArticle(8);
    const calls = fakeApi(
      { 'POST /articles/admin': () => [201, { success: true, data: sampleArticle(9) }] },
      signInAdmin(),
    );
    openCreate();
    for (const label of ['Article Title *', 'Excerpt', 'Article Content *']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('dir', 'auto');
    }
    expect(screen.getByLabelText('Language')).toHaveValue('en');
    await user.type(screen.getByLabelText('Article Title *'), 'রমজানের প্রস্তুতি');
    await user.type(screen.getByLabelText('Featured Image URL *'), 'https://images.example.com/p.jpg');
    await user.type(screen.getByLabelText('Article Content *'), 'রমজানের আগে হৃদয় প্রস্তুত করুন।');
    await user.selectOptions(screen.getByLabelText('Language'), 'bn');
    await user.type(screen.getByLabelText('Translation of'), `https://example.org/articles/${original._id}`);
    await user.click(screen.getByRole('button', { name: 'Create Article' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      title: 'রমজানের প্রস্তুতি',
      language: 'bn',
      translationOf: original._id,
    });
  });

  it('sends the excerpt and the category typed, and an untouched excerpt not at all on edit', async () => {
    const user = userEvent.setup();
    const article = sampleArticle(6, { excerpt: 'Derived opening.', category: 'Fiqh' });
    const calls = fakeApi(
      {
        'POST /articles/admin': () => [201, { success: true, data: article }],
        [`GET /articles/admin/${article._id}`]: () => [200, { success: true, data: article }],
        [`PUT /articles/admin/${article._id}`]: () => [200, { success: true, data: article }],
      },
      signInAdmin(),
    );
    const created = openCreate();
    await user.type(screen.getByLabelText('Article Title *'), 'Patience');
    await user.type(screen.getByLabelText('Featured Image URL *'), 'https://images.example.com/p.jpg');
    await user.clear(screen.getByLabelText('Category'));
    await user.type(screen.getByLabelText('Category'), 'Family');
    await user.type(screen.getByLabelText('Excerpt'), 'On patience, briefly.');
    await user.type(screen.getByLabelText('Article Content *'), 'Text.');
    expect(
      [...document.querySelectorAll(`#${screen.getByLabelText('Category').getAttribute('list')} option`)].map(
        (option) => option.getAttribute('value'),
      ),
    ).toContain('Spirituality');
    await user.click(screen.getByRole('button', { name: 'Create Article' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      category: 'Family',
      excerpt: 'On patience, briefly.',
    });
    await waitFor(() => expect(created.router.state.location.pathname).toBe('/admin/articles'));
    created.unmount();

    openEdit(article._id);
    expect(await screen.findByLabelText('Excerpt')).toHaveValue('Derived opening.');
    expect(screen.getByLabelText('Category')).toHaveValue('Fiqh');
    await user.type(screen.getByLabelText('Article Title *'), '!');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')!.body).not.toHaveProperty('excerpt');
  });

  it('uploads a featured image: its path fills the field and the preview; a wrong file is refused at once', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const path = '/api/uploads/books/0123456789abcdef0123456789abcdef.png';
    const calls = fakeApi(
      { 'POST /articles/admin/images': () => [201, { success: true, data: { path } }] },
      signInAdmin(),
    );
    openCreate();
    const input = screen.getByLabelText('Upload an image');
    await user.upload(input, new File(['not an image'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Images must be JPEG, PNG, WebP or GIF files')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.upload(
      input,
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'hero.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(screen.getByLabelText('Featured Image URL *')).toHaveValue(path));
    const upload = calls.find((c) => c.path === '/articles/admin/images')!;
    expect(upload.body).toBeInstanceOf(FormData);
    expect(((upload.body as FormData).get('image') as File).name).toBe('hero.png');
    expect(await screen.findByAltText('Featured image preview')).toHaveAttribute('src', path);
    expect(toast.success).toHaveBeenCalledWith('Image uploaded');
  });

  it("shows the server's refusal of an uploaded file", async () => {
    const user = userEvent.setup();
    fakeApi(
      {
        'POST /articles/admin/images': () => [
          400,
          { success: false, error: 'The image is damaged or incomplete', code: 'INVALID_IMAGE' },
        ],
      },
      signInAdmin(),
    );
    openCreate();
    await user.upload(
      screen.getByLabelText('Upload an image'),
      new File([new Uint8Array([1, 2, 3])], 'broken.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('The image is damaged or incomplete')).toBeInTheDocument();
    expect(screen.getByLabelText('Featured Image URL *')).toHaveValue('');
  });

  it('asks before an edited form is left, and stays when told to', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    fakeApi({}, signInAdmin());
    const { router } = openCreate();
    // Untouched: leaves at once.
    await user.click(screen.getByRole('link', { name: 'Back to Article Management' }));
    expect(confirm).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/admin/articles');

    await router.navigate('/admin/articles/create');
    await user.type(await screen.findByLabelText('Article Title *'), 'Half a thought');
    await user.click(screen.getByRole('link', { name: 'Back to Article Management' }));
    expect(confirm).toHaveBeenCalledWith('You have unsaved changes. Leave this page and lose them?');
    expect(router.state.location.pathname).toBe('/admin/articles/create');
    expect(screen.getByLabelText('Article Title *')).toHaveValue('Half a thought');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(router.state.location.pathname).toBe('/admin/articles/create');

    const reload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(reload);
    expect(reload.defaultPrevented).toBe(true);

    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/articles'));
  });

  it('Cancel goes back to the list', async () => {
    const user = userEvent.setup();
    fakeApi({}, signInAdmin());
    const { router } = openCreate();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/admin/articles');
  });
});
