import { API_BASE, apiReads, pageTitle, paths } from '@scholar/shared';
import { expect, it } from 'vitest';
import { linkTexts, rawPage } from './support/raw-page';
import { addBook, useRenderedSite } from './support/site';

/** A rendered public page is kept (plugins/public-cache) until a write of its area clears it. */

const site = useRenderedSite();

it('a rendered book page is kept until the book changes, then shows the change', async () => {
  const app = site.ctx.app;
  const fields = {
    name: 'Kept page',
    author: 'Darul Ilm Press',
    description: 'A book whose page is rendered once and kept.',
    price: 275,
  };
  const book = await addBook(site, fields);
  const path = paths.book(book._id);

  const first = await rawPage(app, path);
  expect(first.status).toBe(200);
  expect(first.h1).toEqual([fields.name]);
  const again = await rawPage(app, path);
  expect(again.headers['x-cache'], 'the second request is answered from the cache').toBe('hit');
  expect(again.h1).toEqual([fields.name]);
  // The books list, kept too, shows the book.
  await rawPage(app, paths.books);
  const list = await rawPage(app, paths.books);
  expect(list.headers['x-cache']).toBe('hit');
  expect(linkTexts(list.root, path)).toContain(fields.name);

  const renamed = 'Renamed page';
  const res = await app.inject({
    method: 'PUT',
    url: `${API_BASE}${apiReads.book(book._id)}`,
    headers: await site.admin(),
    payload: { ...fields, name: renamed },
  });
  expect(res.statusCode).toBe(200);

  const changed = await rawPage(app, path);
  expect(changed.headers['x-cache'], 'the write cleared the kept page').toBeUndefined();
  expect(changed.h1).toEqual([renamed]);
  expect(changed.text).not.toContain(fields.name);
  expect(changed.head).toContain(`<title>${pageTitle(renamed)}</title>`);
  const changedList = await rawPage(app, paths.books);
  expect(linkTexts(changedList.root, path)).toContain(renamed);
  expect(changedList.text).not.toContain(fields.name);
  // The new page is kept in its turn.
  const keptAgain = await rawPage(app, path);
  expect(keptAgain.headers['x-cache']).toBe('hit');
  expect(keptAgain.h1).toEqual([renamed]);
});
