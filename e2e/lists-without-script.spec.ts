import { publishFatwahs } from './fixtures/fatwahs';
import { expect, test } from './fixtures/test';

/**
 * The public lists as a browser without JavaScript gets them (the script blocked, failed or not loaded yet): the
 * page arrives rendered, the search forms are sent to the server, and the pages are links.
 */
test.use({ javaScriptEnabled: false });

interface ApiBook {
  name: string;
  author: string;
  price: number;
}

test('the books search and order are sent by the form, and the server answers the list', async ({
  page,
  request,
}) => {
  const all = ((await (await request.get('/api/books')).json()) as { data: ApiBook[] }).data;
  // A word of an author that some books share.
  const word = all[0]!.author.split(/\s+/).find((w) => w.length > 3)!;
  const matches = all
    .filter((book) => `${book.name} ${book.author}`.toLowerCase().includes(word.toLowerCase()))
    .sort((a, b) => b.price - a.price);

  await page.goto('/books');
  const cards = page.getByRole('list', { name: 'Books' }).getByRole('heading');
  await expect(cards).toHaveCount(Math.min(all.length, 24));
  await page.getByRole('searchbox', { name: 'Search books' }).fill(word);
  await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' });
  await page.getByRole('search', { name: 'Books' }).getByRole('button', { name: 'Search' }).click();

  await expect(page).toHaveURL(new RegExp(`/books\\?search=${word}&sort=price-desc$`));
  await expect(page.getByRole('searchbox', { name: 'Search books' })).toHaveValue(word);
  await expect(page.getByLabel('Sort by')).toHaveValue('price-desc');
  await expect(cards).toHaveText(matches.slice(0, 24).map((book) => book.name));
});

test.describe('the fatwah list', () => {
  const word = `Tawaf${Date.now().toString(36)}`;
  const count = 13;

  test.beforeAll(async ({ request }) => {
    await publishFatwahs(request, count, (n) => ({
      question: `Question ${String(n).padStart(2, '0')} on the ${word} of arrival?`,
      answer: `Answer ${n} on the ${word}.`,
    }));
  });

  test('is searched and filtered by the form, and paged by links', async ({ page }) => {
    await page.goto('/fatwah');
    await page.getByRole('searchbox', { name: 'Search fatwahs' }).fill(word);
    await page.getByLabel('Category').selectOption('Hajj');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`/fatwah\\?search=${word}&category=Hajj$`));
    await expect(page.getByLabel('Category')).toHaveValue('Hajj');
    const cards = page.getByRole('list', { name: 'Fatwahs' }).getByRole('link');
    await expect(cards).toHaveCount(10);

    const pages = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await pages.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(new RegExp(`/fatwah\\?search=${word}&category=Hajj&page=2$`));
    await expect(cards).toHaveCount(count - 10);
    await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(pages.getByRole('link', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');

    await pages.getByRole('link', { name: 'Page 1' }).click();
    await expect(page).toHaveURL(new RegExp(`/fatwah\\?search=${word}&category=Hajj$`));
    await expect(cards).toHaveCount(10);
  });
});
