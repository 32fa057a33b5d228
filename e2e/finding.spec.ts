import type { APIRequestContext, Page } from '@playwright/test';
import { openSignedIn, registerCustomer } from './fixtures/customers';
import { publishFatwahs } from './fixtures/fatwahs';
import { inTab, oneTab } from './fixtures/one-tab';
import { expect, notificationsGone, test } from './fixtures/test';

/** The back-and-forth journeys go the whole way on a phone, then check their end on a computer, resized in place. */
const PHONE = { width: 390, height: 844 };
const COMPUTER = { width: 1280, height: 720 };

interface ApiBook {
  _id: string;
  name: string;
  author: string;
  price: number;
}

async function booksFrom(request: APIRequestContext, query = ''): Promise<ApiBook[]> {
  const res = await request.get(`/api/books${query}`);
  expect(res.status()).toBe(200);
  return (await res.json()).data as ApiBook[];
}

/** A customer with no address, registered through the API. */
async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function addToGuestCart(page: Page, book: ApiBook) {
  await page.goto(`/book/${book._id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to guest cart!').first()).toBeVisible();
}

/** The page's scroll position once it has stopped moving (a wheel scrolls smoothly, over several frames). */
async function settledScrollY(page: Page): Promise<number> {
  let last = -1;
  await expect
    .poll(
      async () => {
        const now = await page.evaluate(() => window.scrollY);
        const settled = now === last;
        last = now;
        return settled;
      },
      { intervals: [150] },
    )
    .toBe(true);
  return last;
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The journeys one after another in one tab: a computer's, whose window a journey on a phone narrows. */
const tab = oneTab();
/** And a phone's, with its touch screen, for the journeys that tap. */
const touchTab = oneTab({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** For a describe of journeys that start on a phone without a touch screen. */
const onPhone = () =>
  inTab.beforeEach(async () => {
    await tab.page.setViewportSize(PHONE);
  });

test.describe('the header', () => {
  inTab('links to the books, and the cart icon goes to the cart in one click', async () => {
    const { page } = tab;
    await page.goto('/about');
    await mainNav(page).getByRole('link', { name: 'Books', exact: true }).click();
    await expect(page).toHaveURL(/\/books$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Books' })).toBeVisible();

    await mainNav(page).getByRole('link', { name: 'Cart, 0 items' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();

    // The cart menu is still there, beside the icon.
    await mainNav(page).getByRole('button', { name: 'Cart menu' }).click();
    await expect(page.locator('#cart-menu').getByRole('link', { name: 'Checkout' })).toHaveAttribute(
      'href',
      '/guest/checkout',
    );
  });

  test.describe('on a phone', () => {
    inTab('the menu has Books, and one tap on the cart icon opens the cart', async () => {
      const { page } = touchTab;
      const [book] = await booksFrom(page.request);
      await addToGuestCart(page, book!);
      await page.goto('/');
      await mainNav(page).getByRole('button', { name: 'Menu' }).tap();
      await page.locator('#mobile-menu').getByRole('link', { name: 'Books' }).tap();
      await expect(page).toHaveURL(/\/books$/);
      await expect(page.locator('#mobile-menu')).toBeHidden();

      await notificationsGone(page);
      await mainNav(page).getByRole('link', { name: 'Cart, 1 item' }).tap();
      await expect(page).toHaveURL(/\/cart$/);
      await expect(page.getByRole('listitem', { name: book!.name })).toBeVisible();
    });
  });
});

test.describe('the books page', () => {
  inTab('searches by author, sorts by price, counts, and keeps both through a book and Back', async () => {
    const { page } = tab;
    const all = await booksFrom(page.request);
    // A word of an author that some but not all books share.
    const word = all[0]!.author.split(/\s+/).find((w) => w.length > 3)!;
    const matches = await booksFrom(page.request, `?search=${encodeURIComponent(word)}`);
    expect(matches.length).toBeGreaterThan(0);

    const searches: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/books' && url.searchParams.has('search'))
        searches.push(url.searchParams.get('search')!);
    });

    await page.goto('/books');
    const plural = (n: number) => `${n} ${n === 1 ? 'book' : 'books'}`;
    await expect(page.getByText(plural(all.length), { exact: true })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search books' }).pressSequentially(word.toUpperCase(), {
      delay: 40,
    });
    await expect(page).toHaveURL(new RegExp(`/books\\?search=${word.toUpperCase()}$`));
    await expect(page.getByText(plural(matches.length), { exact: true })).toBeVisible();
    // Typing is debounced: one search for the whole word.
    expect(searches).toEqual([word.toUpperCase()]);

    await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
    await expect(page).toHaveURL(/sort=price-asc/);
    const cheapest = [...matches].sort((a, b) => a.price - b.price);
    const cards = page.getByRole('list', { name: 'Books' }).getByRole('heading');
    await expect(cards).toHaveText(cheapest.map((b) => b.name));

    await page.getByRole('link', { name: cheapest[0]!.name }).first().click();
    await expect(page).toHaveURL(new RegExp(`/book/${cheapest[0]!._id}$`));
    await page.goBack();
    await expect(page).toHaveURL(/\/books\?search=[^&]+&sort=price-asc$/);
    await expect(page.getByRole('searchbox', { name: 'Search books' })).toHaveValue(word.toUpperCase());
    await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');
    await expect(cards).toHaveText(cheapest.map((b) => b.name));

    // Back once more: the order chosen before.
    await page.goBack();
    await expect(page.getByLabel('Sort by')).toHaveValue('newest');
    await expect(page.getByText(plural(matches.length), { exact: true })).toBeVisible();

    // Nothing found.
    await page.getByRole('searchbox', { name: 'Search books' }).fill('no-such-book-anywhere');
    await expect(page.getByText('0 books', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Clear search' }).click();
    await expect(page.getByText(plural(all.length), { exact: true })).toBeVisible();
  });

  test.describe('on a phone', () => {
    inTab('a shared link opens with its search and order', async () => {
      const { page } = touchTab;
      const all = await booksFrom(page.request);
      const byName = [...all].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()));
      await page.goto('/books?sort=name');
      await expect(page.getByText(`${all.length} books`, { exact: true })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Books' }).getByRole('heading').first()).toHaveText(
        byName[0]!.name,
      );
      const word = all[1]!.name.split(/\s+/)[0]!;
      await page.goto(`/books?search=${encodeURIComponent(word)}&sort=price-desc`);
      await expect(page.getByRole('searchbox', { name: 'Search books' })).toHaveValue(word);
      await expect(page.getByLabel('Sort by')).toHaveValue('price-desc');
      await expect(page.getByRole('list', { name: 'Books' })).toContainText(all[1]!.name);
    });
  });
});

test.describe('the fatwah list', () => {
  const word = `Miqat${Date.now().toString(36)}`;
  const count = 22;

  test.beforeAll(async ({ request }) => {
    await publishFatwahs(request, count, (n) => ({
      question: `Question ${String(n).padStart(2, '0')} on the ${word} for pilgrims arriving by air?`,
      answer: `Answer ${n}. The pilgrim enters ihram before crossing the ${word}.\n\nA second paragraph.`,
    }));
  });

  test.describe('on a phone, then a computer', () => {
    onPhone();

    inTab(
      'a fatwah opens in the same tab; Back returns to the page, search, category and place',
      async () => {
        const { page } = tab;
        await page.goto('/fatwah');
        await page.getByRole('searchbox', { name: 'Search fatwahs' }).fill(word);
        await page.getByRole('button', { name: 'Search' }).click();
        await page.getByLabel('Category').selectOption('Hajj');
        const list = page.getByRole('list', { name: 'Fatwahs' });
        // Each card is a link to its fatwah.
        const cards = list.getByRole('link');
        await expect(cards).toHaveCount(10);

        // Paging from the bottom of the list brings the list's top into view, with page 2's cards in it.
        const firstOfPage1 = await cards.first().getByRole('heading').textContent();
        await page.getByRole('link', { name: 'Page 2' }).scrollIntoViewIfNeeded();
        await page.getByRole('link', { name: 'Page 2' }).click();
        await expect(page).toHaveURL(new RegExp(`/fatwah\\?search=${word}&category=Hajj&page=2$`));
        await expect(cards.first().getByRole('heading')).not.toHaveText(firstOfPage1!);
        await expect(cards).toHaveCount(10);
        await expect
          .poll(() => list.evaluate((element) => Math.round(element.getBoundingClientRect().top)))
          .toBeGreaterThan(0);
        await expect
          .poll(() => list.evaluate((element) => Math.round(element.getBoundingClientRect().top)))
          .toBeLessThan(200);

        // Down to the eighth question of page 2, then open it.
        const eighth = cards.nth(7);
        await eighth.scrollIntoViewIfNeeded();
        await page.mouse.wheel(0, 150);
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
        const scrolled = await settledScrollY(page);
        const question = (await eighth.getByRole('heading').textContent())!;
        await eighth.click();
        await expect(page).toHaveURL(/\/fatwah\/[0-9a-f-]{36}$/);
        expect(page.context().pages()).toHaveLength(1);
        await expect(page.getByRole('heading', { level: 1, name: question })).toBeVisible();

        await page.goBack();
        await expect(page).toHaveURL(new RegExp(`/fatwah\\?search=${word}&category=Hajj&page=2$`));
        await expect(page.getByRole('searchbox', { name: 'Search fatwahs' })).toHaveValue(word);
        await expect(page.getByLabel('Category')).toHaveValue('Hajj');
        await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);

        // The page's own Back link does the same.
        await eighth.click();
        await page.getByRole('link', { name: 'Back to Fatwahs' }).click();
        await expect(page).toHaveURL(new RegExp(`/fatwah\\?search=${word}&category=Hajj&page=2$`));
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);

        // Even when the fatwah was reloaded, so that the list has to be fetched again on the way back.
        await eighth.click();
        await expect(page.getByRole('heading', { level: 1, name: question })).toBeVisible();
        await page.reload();
        await expect(page.getByRole('heading', { level: 1, name: question })).toBeVisible();
        await page.goBack();
        await expect(cards).toHaveCount(10);
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);

        // On a computer too, a fatwah and Back keep the page and the place in it.
        await page.setViewportSize(COMPUTER);
        await eighth.scrollIntoViewIfNeeded();
        await page.mouse.wheel(0, 150);
        const scrolledWide = await settledScrollY(page);
        expect(scrolledWide).toBeGreaterThan(0);
        await eighth.click();
        await expect(page.getByRole('heading', { level: 1, name: question })).toBeVisible();
        await page.goBack();
        await expect(page).toHaveURL(new RegExp(`/fatwah\\?search=${word}&category=Hajj&page=2$`));
        await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolledWide);
      },
    );
  });
});

test.describe('after logging in', () => {
  inTab('"Login to sync cart" returns to the cart, with the guest cart merged', async () => {
    const { page } = tab;
    const customer = await registerCustomer(page.request, { withAddress: false });
    const [book] = await booksFrom(page.request);
    await addToGuestCart(page, book!);
    await page.goto('/cart');
    await page.getByRole('link', { name: 'Login to sync cart' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcart$/);
    await logIn(page, customer.email, customer.password);
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('listitem', { name: book!.name })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login to sync cart' })).toHaveCount(0);
  });

  inTab('a guest sent from My Orders to log in comes back to My Orders', async () => {
    const { page } = tab;
    const customer = await registerCustomer(page.request, { withAddress: false });
    await page.goto('/dashboard?tab=orders');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%3Ftab%3Dorders$/);
    await logIn(page, customer.email, customer.password);
    await expect(page).toHaveURL(/\/dashboard\?tab=orders$/);
  });

  inTab('a guest sent from the checkout to log in comes back to the checkout', async () => {
    const { page } = tab;
    const customer = await registerCustomer(page.request, { withAddress: false });
    const [book] = await booksFrom(page.request);
    await addToGuestCart(page, book!);
    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcheckout$/);
    await logIn(page, customer.email, customer.password);
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  });

  inTab('registering from a login page with a redirect goes there too', async () => {
    const { page } = tab;
    await page.goto('/login?redirect=%2Fbooks%3Fsort%3Dname');
    await page.getByRole('link', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/register\?redirect=%2Fbooks%3Fsort%3Dname$/);
    await page.getByLabel('Full Name').fill('Hafsa Siddiqui');
    await page.getByLabel('Phone Number').fill('9830088888');
    await page.getByLabel('Email').fill(`hafsa.${Date.now()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('hafsa-pass-1');
    await page.getByLabel('Confirm Password').fill('hafsa-pass-1');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/books\?sort=name$/);
  });

  inTab('a redirect to another site is ignored (no open redirect)', async ({ baseURL }) => {
    const { page } = tab;
    const customer = await registerCustomer(page.request, { withAddress: false });
    for (const redirect of ['//evil.example/', 'https://evil.example/', '/\\evil.example']) {
      await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
      // A login reads the customer's cart (merged with the guest's) for the header.
      const cartRead = page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/api/cart' && response.request().method() === 'GET',
      );
      await logIn(page, customer.email, customer.password);
      await expect(page).toHaveURL(`${baseURL}/dashboard`);
      // The dashboard's own reads finish before the session is dropped; one sent after would rightly be refused.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await cartRead;
      await page.evaluate(() => localStorage.clear());
    }
  });
});

test.describe('the first address', () => {
  test.describe('on a phone, then a computer', () => {
    onPhone();

    inTab('added from the checkout, returns to the checkout with it selected', async () => {
      const { page } = tab;
      const customer = await registerCustomer(page.request, { name: 'Bushra Khan', withAddress: false });
      await openSignedIn(page, customer);
      const [, book] = await booksFrom(page.request);
      await page.goto(`/book/${book!._id}`);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(page.getByText('Added to cart successfully!').first()).toBeVisible();

      await page.goto('/checkout');
      await page.getByRole('link', { name: 'Add Address' }).click();
      await expect(page).toHaveURL(/\/addresses\/new\?returnTo=%2Fcheckout$/);
      await page.getByLabel('Address Line 1 *').fill('7 Lower Rawdon Street');
      await page.getByLabel('City *').fill('Kolkata');
      await page.getByLabel('State *').selectOption('West Bengal');
      await page.getByLabel('Pincode *').fill('700020');
      await page.getByRole('button', { name: 'Save Address' }).click();

      await expect(page).toHaveURL(/\/checkout\?address=[0-9a-f-]{36}$/);
      const id = new URL(page.url()).searchParams.get('address');
      await expect(page.getByLabel('Deliver to')).toHaveValue(id!);
      await expect(page.getByLabel('Deliver to')).toContainText('7 Lower Rawdon Street');
      await expect(page.getByRole('button', { name: 'Make Payment' })).toBeEnabled();

      // On a computer the checkout shows the same choice, ready to pay.
      await page.setViewportSize(COMPUTER);
      await expect(page.getByLabel('Deliver to')).toHaveValue(id!);
      await expect(page.getByLabel('Deliver to')).toContainText('7 Lower Rawdon Street');
      await expect(page.getByRole('button', { name: 'Make Payment' })).toBeEnabled();
    });
  });
});
