import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBook, createUser } from '../../../test/support/factories';
import { books, cartItems, orderItems, orders } from '../../db/schema';
import { authHeader } from '../../../test/support/app';
import { truncateAll } from '../../../test/support/database';
import { getCart } from '../cart/cart.service';
import { makeImage, makeNoisyImage, pixelFloodPng, truncated } from '../../../test/support/test-images';
import { multipart, type Part } from '../../../test/support/multipart';
import { useTestApp } from '../../../test/support/use-test-app';

let admin: { authorization: string };
let customer: { authorization: string };

const { ctx } = useTestApp();
beforeAll(async () => {
  await ctx.app.ready();
});

beforeEach(async () => {
  fs.rmSync(path.join(ctx.dataDir, 'uploads', 'books'), { recursive: true, force: true });
  const adminUser = await createUser(ctx.database.db, { role: 'admin' });
  const user = await createUser(ctx.database.db);
  admin = await authHeader(ctx, { id: adminUser.id, role: 'admin' });
  customer = await authHeader(ctx, { id: user.id, role: 'user' });
});

const fields = (overrides: Record<string, string> = {}): Part[] =>
  Object.entries({
    name: 'Sahih al-Bukhari',
    description: 'The most authentic collection of hadith.',
    author: 'Imam al-Bukhari',
    price: '349.50',
    ...overrides,
  }).map(([name, value]) => ({ name, value }));

const image = (file: Buffer, filename = 'cover.png', type = 'image/png'): Part => ({
  name: 'images',
  file,
  filename,
  type,
});

async function postBook(parts: Part[], headers: Record<string, string> = admin) {
  const body = await multipart(parts);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/books',
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

const uploadsBooksDir = () => path.join(ctx.dataDir, 'uploads', 'books');
const storedFiles = () => (fs.existsSync(uploadsBooksDir()) ? fs.readdirSync(uploadsBooksDir()) : []);
const bookCount = async () => (await ctx.database.db.select().from(books)).length;

async function expectRefused(
  res: Awaited<ReturnType<typeof postBook>>,
  status: number,
  code: string,
  error?: string,
) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ success: false, code, ...(error ? { error } : {}) });
  expect(storedFiles()).toEqual([]);
  expect(await bookCount()).toBe(0);
}

describe('POST /books', () => {
  it('adds a book with its images: files on disk, served as images, with WebP variants', async () => {
    const png = await makeImage('png', 1200, 900);
    const jpeg = await makeImage('jpeg', 1000, 1500, '#d4af37');
    const res = await postBook([...fields(), image(png), image(jpeg, 'back.jpg', 'image/jpeg')]);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Book added successfully',
      data: {
        name: 'Sahih al-Bukhari',
        description: 'The most authentic collection of hadith.',
        author: 'Imam al-Bukhari',
        price: 349.5,
      },
    });
    const images: string[] = body.data.images;
    expect(images).toHaveLength(2);
    expect(images[0]).toMatch(/^\/api\/uploads\/books\/[a-f0-9]{32}\.png$/);
    expect(images[1]).toMatch(/^\/api\/uploads\/books\/[a-f0-9]{32}\.jpg$/);

    // The originals are kept byte for byte and served with their type and long caching.
    for (const [i, original] of [png, jpeg].entries()) {
      const served = await ctx.app.inject({ url: images[i]! });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(i === 0 ? 'image/png' : 'image/jpeg');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.rawPayload.equals(original)).toBe(true);
    }
    // Variants by the naming rule, at their widths.
    for (const original of images) {
      for (const width of [400, 800]) {
        const variant = await ctx.app.inject({ url: original.replace(/\.\w+$/, `-${width}.webp`) });
        expect(variant.statusCode).toBe(200);
        expect(variant.headers['content-type']).toBe('image/webp');
        const meta = await sharp(variant.rawPayload).metadata();
        expect(meta).toMatchObject({ format: 'webp', width });
      }
    }
    expect(storedFiles()).toHaveLength(6);

    const listed = await ctx.app.inject({ url: '/api/books' });
    expect(listed.json().data).toEqual([body.data]);
    const [row] = await ctx.database.db.select().from(books);
    expect(row?.pricePaise).toBe(34950);
  });

  it('detects the type by the bytes, not by the name or the declared type', async () => {
    const webp = await makeImage('webp', 500, 500);
    const gif = await makeImage('gif', 500, 500);
    const res = await postBook([
      ...fields({ price: '0' }),
      image(webp, 'cover.jpg', 'image/jpeg'),
      image(gif, 'anim.png', 'application/octet-stream'),
    ]);
    expect(res.statusCode).toBe(201);
    const { images, price } = res.json().data;
    expect(price).toBe(0);
    expect(images[0]).toMatch(/\.webp$/);
    expect(images[1]).toMatch(/\.gif$/);
    expect((await ctx.app.inject({ url: images[1] })).headers['content-type']).toBe('image/gif');
  });

  it('accepts 10 images and refuses 11', async () => {
    const small = await makeImage('png', 40, 40);
    const ten = await postBook([...fields(), ...Array.from({ length: 10 }, () => image(small))]);
    expect(ten.statusCode).toBe(201);
    expect(ten.json().data.images).toHaveLength(10);

    await truncateAll(ctx.database);
    fs.rmSync(uploadsBooksDir(), { recursive: true, force: true });
    const adminUser = await createUser(ctx.database.db, { role: 'admin' });
    admin = await authHeader(ctx, { id: adminUser.id, role: 'admin' });
    const eleven = await postBook([...fields(), ...Array.from({ length: 11 }, () => image(small))]);
    await expectRefused(eleven, 400, 'TOO_MANY_IMAGES', 'A book can have at most 10 images');
  });

  it('refuses a text file renamed .png', async () => {
    const text = Buffer.from('This is not a picture, whatever its name says.\n'.repeat(20));
    const res = await postBook([...fields(), image(text, 'cover.png', 'image/png')]);
    await expectRefused(res, 400, 'UNSUPPORTED_IMAGE_TYPE', 'Images must be JPEG, PNG, WebP or GIF files');
  });

  it('refuses a file over 5 MB with 413', async () => {
    const big = Buffer.concat([await makeImage('png', 10, 10), Buffer.alloc(5 * 1024 * 1024 + 1)]);
    const res = await postBook([...fields(), image(big)]);
    await expectRefused(res, 413, 'IMAGE_TOO_LARGE', 'Each image must be at most 5 MB');
  });

  it('refuses a truncated PNG', async () => {
    const noisy = await makeNoisyImage('png');
    const res = await postBook([...fields(), image(truncated(noisy))]);
    await expectRefused(res, 400, 'INVALID_IMAGE');
  });

  it('refuses a pixel flood (20000×20000 PNG of 50 KB)', async () => {
    const res = await postBook([...fields(), image(pixelFloodPng(20_000))]);
    await expectRefused(
      res,
      400,
      'IMAGE_TOO_MANY_PIXELS',
      'An image has too many pixels (at most 40 megapixels)',
    );
  });

  it('leaves no file behind when a later image is refused', async () => {
    const good = await makeImage('png', 900, 600);
    const res = await postBook([...fields(), image(good), image(good), image(Buffer.from('nope'), 'x.gif')]);
    await expectRefused(res, 400, 'UNSUPPORTED_IMAGE_TYPE');
  });

  it('asks for every field and at least one image', async () => {
    const message = 'All fields including at least one image are required';
    const png = await makeImage('png', 100, 100);
    await expectRefused(await postBook(fields()), 400, 'VALIDATION_ERROR', message);
    for (const missing of ['name', 'description', 'author', 'price']) {
      const parts = fields().filter((part) => part.name !== missing);
      await expectRefused(await postBook([...parts, image(png)]), 400, 'VALIDATION_ERROR', message);
    }
    await expectRefused(
      await postBook([...fields({ name: '   ' }), image(png)]),
      400,
      'VALIDATION_ERROR',
      message,
    );
    // A file input left empty sends an empty part without a name: still no image.
    await expectRefused(
      await postBook([
        ...fields(),
        { name: 'images', file: Buffer.alloc(0), filename: '', type: 'application/octet-stream' },
      ]),
      400,
      'VALIDATION_ERROR',
      message,
    );
    // JSON is not an upload.
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/books',
      headers: admin,
      payload: { name: 'A', description: 'B', author: 'C', price: 10, images: ['/api/uploads/x.png'] },
    });
    await expectRefused(json, 400, 'VALIDATION_ERROR', message);
  });

  it('refuses negative, over-precise and non-numeric prices with clear messages', async () => {
    const png = await makeImage('png', 100, 100);
    const cases: [string, string][] = [
      ['-1', 'Price cannot be negative'],
      ['12.345', 'Price can have at most 2 decimal places'],
      ['abc', 'Price must be a number'],
      ['1e3', 'Price must be a number'],
      ['100000000', 'Price cannot be more than ₹1,00,00,000'],
    ];
    for (const [price, error] of cases) {
      const res = await postBook([...fields({ price }), image(png)]);
      await expectRefused(res, 400, 'VALIDATION_ERROR', error);
      expect(res.json().details).toEqual([{ path: 'body.price', message: error }]);
    }
  });

  it('refuses guests (401) and customers (403) before reading the upload', async () => {
    const png = await makeImage('png', 100, 100);
    const guest = await postBook([...fields(), image(png)], {});
    await expectRefused(guest, 401, 'UNAUTHORIZED');
    const user = await postBook([...fields(), image(png)], customer);
    await expectRefused(user, 403, 'ADMIN_ONLY');
  });
});

describe('PUT /books/:id', () => {
  const update = {
    name: 'Riyad as-Salihin',
    description: 'Gardens of the righteous.',
    author: 'Imam an-Nawawi',
    price: 99.99,
  };
  /** The desk's edit of book `id`, by the admin unless `headers` name someone else. */
  const put = (id: string, payload: object, headers: Record<string, string> = admin) =>
    ctx.app.inject({ method: 'PUT', url: `/api/books/${id}`, headers, payload });

  it('edits name, description, author and price', async () => {
    const book = await createBook(ctx.database.db, { price: 250, images: ['/api/uploads/demo/book-1.webp'] });
    const res = await put(book.id, update);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Book updated successfully',
      data: { _id: book.id, ...update, images: ['/api/uploads/demo/book-1.webp'] },
    });
    expect(new Date(res.json().data.updatedAt).getTime()).toBeGreaterThanOrEqual(book.updatedAt.getTime());
    const read = await ctx.app.inject({ url: `/api/books/${book.id}` });
    expect(read.json().data).toMatchObject(update);
    const [row] = await ctx.database.db.select().from(books).where(eq(books.id, book.id));
    expect(row?.pricePaise).toBe(9999);
  });

  it('accepts a numeric string price and trims the text', async () => {
    const book = await createBook(ctx.database.db);
    const res = await put(book.id, { ...update, name: '  Trimmed  ', price: '120.5' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Trimmed', price: 120.5 });
  });

  it('refuses bad prices and missing fields', async () => {
    const book = await createBook(ctx.database.db, { price: 250 });
    const cases: [Record<string, unknown>, string][] = [
      [{ ...update, price: -1 }, 'Price cannot be negative'],
      [{ ...update, price: 12.345 }, 'Price can have at most 2 decimal places'],
      [{ ...update, price: '12.345' }, 'Price can have at most 2 decimal places'],
      [{ ...update, price: null }, 'Name, description, author and price are required'],
      [{ ...update, name: '' }, 'Name, description, author and price are required'],
      [{ description: 'x', author: 'y', price: 1 }, 'Name, description, author and price are required'],
    ];
    for (const [payload, error] of cases) {
      const res = await put(book.id, payload);
      expect(res.statusCode, error).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error });
    }
    const [row] = await ctx.database.db.select().from(books).where(eq(books.id, book.id));
    expect(row?.pricePaise).toBe(25000);
  });

  it('answers 404 for an unknown book and 400 for a malformed id', async () => {
    const missing = await put('0190b0a0-0000-7000-8000-000000000000', update);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, error: 'Book not found', code: 'BOOK_NOT_FOUND' });
    const malformed = await put('nope', update);
    expect(malformed.statusCode).toBe(400);
  });

  it('refuses guests (401) and customers (403)', async () => {
    const book = await createBook(ctx.database.db, { name: 'Unchanged' });
    const guest = await ctx.app.inject({ method: 'PUT', url: `/api/books/${book.id}`, payload: update });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    const user = await put(book.id, update, customer);
    expect(user.statusCode).toBe(403);
    expect(user.json()).toMatchObject({ success: false, code: 'ADMIN_ONLY' });
    expect((await ctx.app.inject({ url: `/api/books/${book.id}` })).json().data.name).toBe('Unchanged');
  });
});

describe('PUT /books/:id/images', () => {
  /** A book added through the API with one image per colour, so that its files are on disk. */
  async function bookWithImages(count = 2) {
    const parts: Part[] = [...fields()];
    for (let i = 0; i < count; i += 1) parts.push(image(await makeImage('png', 60 + i, 60), `${i}.png`));
    const res = await postBook(parts);
    expect(res.statusCode).toBe(201);
    return res.json().data as { _id: string; images: string[] };
  }

  async function putImages(
    id: string,
    order: unknown,
    files: Buffer[] = [],
    headers: Record<string, string> = admin,
  ) {
    const body = await multipart([
      { name: 'order', value: typeof order === 'string' ? order : JSON.stringify(order) },
      ...files.map((file, i) => image(file, `new-${i}.png`)),
    ]);
    return ctx.app.inject({
      method: 'PUT',
      url: `/api/books/${id}/images`,
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
  }

  const filesOf = (imagePath: string) => {
    const name = path.basename(imagePath).replace(/\.\w+$/, '');
    return storedFiles().filter((file) => file.startsWith(name));
  };

  it('adds, removes and reorders in one call: the new list in its order, the first the cover', async () => {
    const book = await bookWithImages(2);
    const [first, second] = book.images as [string, string];
    const added = await makeImage('jpeg', 500, 700, '#d4af37');
    const res = await putImages(book._id, ['new:0', second], [added]);
    expect(res.statusCode).toBe(200);
    const images: string[] = res.json().data.images;
    expect(images).toHaveLength(2);
    expect(images[0]).toMatch(/^\/api\/uploads\/books\/[a-f0-9]{32}\.jpg$/);
    expect(images[1]).toBe(second);
    expect(res.json()).toMatchObject({ success: true, message: 'Book updated successfully' });

    // Kept by the server in that order, for every reader.
    expect((await ctx.app.inject({ url: `/api/books/${book._id}` })).json().data.images).toEqual(images);
    expect((await ctx.app.inject({ url: '/api/books' })).json().data[0].images).toEqual(images);
    // The new image is served with its variants; the removed one is gone from disk.
    const served = await ctx.app.inject({ url: images[0]! });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(added)).toBe(true);
    expect(filesOf(images[0]!)).toHaveLength(3);
    expect(filesOf(first)).toEqual([]);
    expect(filesOf(second)).toHaveLength(3);
  });

  it('reorders with a JSON body alone, and keeps exactly the order sent', async () => {
    const book = await bookWithImages(3);
    const reversed = [...book.images].reverse();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/books/${book._id}/images`,
      headers: admin,
      payload: { order: reversed },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.images).toEqual(reversed);
    const [row] = await ctx.database.db.select().from(books).where(eq(books.id, book._id));
    expect(row?.images).toEqual(reversed);
    expect(storedFiles()).toHaveLength(9);
  });

  it('refuses a list that is empty, repeats, names a foreign image or misplaces an upload; nothing changes', async () => {
    const book = await bookWithImages(2);
    const [first, second] = book.images as [string, string];
    const other = await bookWithImages(1);
    const png = await makeImage('png', 50, 50);
    const cases: [unknown, Buffer[], string][] = [
      [[], [], 'A book needs at least one image'],
      [[first, first], [], 'Each image can appear only once'],
      [[first, other.images[0]], [], "An image in the list is not one of this book's images"],
      [[first, 'https://evil.example/x.png'], [], "An image in the list is not one of this book's images"],
      [['../../secrets.json'], [], "An image in the list is not one of this book's images"],
      [[first, 'new:1'], [png], 'Each new image must have exactly one place in the list'],
      [[first, second], [png], 'Each new image must have exactly one place in the list'],
      [['new:0'], [], 'Each new image must have exactly one place in the list'],
      ['not json', [], 'The list of images could not be read'],
      [{ first }, [], 'The list of images could not be read'],
      [Array.from({ length: 11 }, (_, i) => `new:${i}`), [], 'A book can have at most 10 images'],
    ];
    const before = storedFiles().sort();
    for (const [order, files, error] of cases) {
      const res = await putImages(book._id, order, files);
      expect(res.statusCode, JSON.stringify(order)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error });
      expect(res.json().details?.[0]?.path).toMatch(/order/);
    }
    expect(storedFiles().sort()).toEqual(before);
    expect((await ctx.app.inject({ url: `/api/books/${book._id}` })).json().data.images).toEqual(book.images);
  });

  it('refuses a damaged new image and keeps the book as it was', async () => {
    const book = await bookWithImages(1);
    const before = storedFiles().sort();
    const res = await putImages(book._id, ['new:0', book.images[0]], [Buffer.from('not an image')]);
    expect(res.statusCode).toBe(400);
    expect(storedFiles().sort()).toEqual(before);
    expect((await ctx.app.inject({ url: `/api/books/${book._id}` })).json().data.images).toEqual(book.images);
  });

  it('keeps the files of a removed image when an order shows the book', async () => {
    const book = await bookWithImages(2);
    await orderWith(book._id);
    const res = await putImages(book._id, [book.images[1]]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.images).toEqual([book.images[1]]);
    expect(filesOf(book.images[0]!)).toHaveLength(3);
  });

  it('answers 404 for an unknown book, 401 to guests and 403 to customers', async () => {
    const book = await bookWithImages(1);
    const missing = await putImages('01890000-0000-7000-8000-000000000000', ['x']);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'BOOK_NOT_FOUND' });
    expect((await putImages(book._id, book.images, [], {})).statusCode).toBe(401);
    expect((await putImages(book._id, book.images, [], customer)).statusCode).toBe(403);
  });
});

async function orderWith(bookId: string) {
  const [order] = await ctx.database.db
    .insert(orders)
    .values({
      orderNumber: `ORD-20261122-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
      txnId: `pay_${Math.random().toString(36).slice(2)}`,
      razorpayOrderId: `order_${Math.random().toString(36).slice(2)}`,
      subtotalPaise: 50000,
      shippingPaise: 5000,
      amountPaise: 55000,
      contactName: 'Aisha',
      contactEmail: 'aisha@example.com',
      contactPhone: '9876543210',
      shippingAddress: {
        addressLine1: '12 Park Street',
        city: 'Kolkata',
        state: 'West Bengal',
        pincode: '700016',
      },
    })
    .returning();
  await ctx.database.db.insert(orderItems).values({
    orderId: order!.id,
    bookId,
    name: 'Snapshot name',
    author: 'Snapshot author',
    pricePaise: 25000,
    quantity: 2,
    images: ['/api/uploads/demo/book-1.webp'],
  });
  return order!;
}

describe('DELETE /books/:id', () => {
  it('deletes the book: gone from the reads, named as unavailable in carts, orders keep their snapshot', async () => {
    const book = await createBook(ctx.database.db, { name: 'To delete' });
    const other = await createBook(ctx.database.db, { name: 'Stays' });
    const buyer = await createUser(ctx.database.db);
    await ctx.database.db.insert(cartItems).values([
      {
        userId: buyer.id,
        bookId: book.id,
        quantity: 1,
        seenName: 'To delete',
        seenPricePaise: book.pricePaise,
      },
      {
        userId: buyer.id,
        bookId: other.id,
        quantity: 3,
        seenName: 'Stays',
        seenPricePaise: other.pricePaise,
      },
    ]);
    const order = await orderWith(book.id);

    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/books/${book.id}`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Book deleted successfully',
      data: { _id: book.id, name: 'To delete' },
    });

    const read = await ctx.app.inject({ url: `/api/books/${book.id}` });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ success: false, error: 'Book not found', code: 'BOOK_NOT_FOUND' });
    expect(
      (await ctx.app.inject({ url: '/api/books' })).json().data.map((b: { _id: string }) => b._id),
    ).toEqual([other.id]);
    // The line stays, so that the customer is told the book is gone rather than finding it missing.
    expect(
      (await getCart(ctx.database.db, buyer.id)).map(({ _id, name, available }) => ({
        _id,
        name,
        available,
      })),
    ).toEqual([
      { _id: book.id, name: 'To delete', available: false },
      { _id: other.id, name: 'Stays', available: true },
    ]);
    const items = await ctx.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items).toEqual([
      expect.objectContaining({ bookId: null, name: 'Snapshot name', pricePaise: 25000, quantity: 2 }),
    ]);

    const again = await ctx.app.inject({ method: 'DELETE', url: `/api/books/${book.id}`, headers: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'BOOK_NOT_FOUND', error: 'Book not found' });
  });

  it('removes the uploaded images of a book no order shows, and keeps those of an ordered book', async () => {
    const png = await makeImage('png', 600, 600);
    const unordered = (await postBook([...fields(), image(png)])).json().data;
    const ordered = (await postBook([...fields({ name: 'Ordered' }), image(png)])).json().data;
    await orderWith(ordered._id);
    expect(storedFiles()).toHaveLength(6);

    await ctx.app.inject({ method: 'DELETE', url: `/api/books/${unordered._id}`, headers: admin });
    await ctx.app.inject({ method: 'DELETE', url: `/api/books/${ordered._id}`, headers: admin });
    const kept = path.basename(ordered.images[0]).replace(/\.png$/, '');
    expect(storedFiles().sort()).toEqual([`${kept}-400.webp`, `${kept}-800.webp`, `${kept}.png`]);
    expect((await ctx.app.inject({ url: unordered.images[0] })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: ordered.images[0] })).statusCode).toBe(200);
  });

  it('refuses guests (401) and customers (403)', async () => {
    const book = await createBook(ctx.database.db);
    const guest = await ctx.app.inject({ method: 'DELETE', url: `/api/books/${book.id}` });
    expect(guest.statusCode).toBe(401);
    const user = await ctx.app.inject({ method: 'DELETE', url: `/api/books/${book.id}`, headers: customer });
    expect(user.statusCode).toBe(403);
    expect(await bookCount()).toBe(1);
  });
});

describe('GET /books search and sort', () => {
  const names = async (query: string) => {
    const res = await ctx.app.inject({ url: `/api/books${query}` });
    expect(res.statusCode).toBe(200);
    return (res.json().data as { name: string }[]).map((book) => book.name);
  };

  beforeEach(async () => {
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    await createBook(ctx.database.db, {
      name: 'Riyad as-Salihin',
      author: 'Imam an-Nawawi',
      price: 449.5,
      createdAt: day(1),
    });
    await createBook(ctx.database.db, {
      name: 'al-Adab al-Mufrad',
      author: 'Imam al-Bukhari',
      price: 300,
      createdAt: day(2),
    });
    await createBook(ctx.database.db, {
      name: 'Forty Hadith',
      author: 'Imam an-Nawawi',
      price: 120,
      createdAt: day(3),
    });
    await createBook(ctx.database.db, {
      name: '100% Sincerity_Guide',
      author: 'Darul Ilm',
      price: 999,
      createdAt: day(4),
    });
  });

  it('lists every book newest first without a query, as with sort=newest', async () => {
    const newestFirst = ['100% Sincerity_Guide', 'Forty Hadith', 'al-Adab al-Mufrad', 'Riyad as-Salihin'];
    expect(await names('')).toEqual(newestFirst);
    expect(await names('?search=&unknown=1')).toEqual(newestFirst);
    expect(await names('?search=nawawi')).toEqual(['Forty Hadith', 'Riyad as-Salihin']);
  });

  it('shows a book just added before the one added before it', async () => {
    const png = await makeImage('png', 40, 40);
    const older = await postBook([...fields({ name: 'Added first' }), image(png)]);
    const newer = await postBook([...fields({ name: 'Added second' }), image(png)]);
    expect([older.statusCode, newer.statusCode]).toEqual([201, 201]);
    expect((await names('')).slice(0, 3)).toEqual(['Added second', 'Added first', '100% Sincerity_Guide']);
    expect(await names('?search=added')).toEqual(['Added second', 'Added first']);
    // The other orders are unchanged.
    expect(await names('?search=added&sort=name')).toEqual(['Added first', 'Added second']);
  });

  it('searches the name and the author, ignoring case, every word', async () => {
    expect(await names('?search=NAWAWI')).toEqual(['Forty Hadith', 'Riyad as-Salihin']);
    expect(await names('?search=%20adab%20')).toEqual(['al-Adab al-Mufrad']);
    expect(await names('?search=forty%20nawawi')).toEqual(['Forty Hadith']);
    expect(await names('?search=bukhari%20riyad')).toEqual([]);
    expect(await names('?search=nothing-like-it')).toEqual([]);
  });

  it('takes % and _ in a search as the letters themselves', async () => {
    expect(await names('?search=%25')).toEqual(['100% Sincerity_Guide']);
    expect(await names('?search=_')).toEqual(['100% Sincerity_Guide']);
    expect(await names('?search=a_a')).toEqual([]);
  });

  it('sorts by newest, price either way and name', async () => {
    expect(await names('?sort=newest')).toEqual([
      '100% Sincerity_Guide',
      'Forty Hadith',
      'al-Adab al-Mufrad',
      'Riyad as-Salihin',
    ]);
    expect(await names('?sort=price-asc')).toEqual([
      'Forty Hadith',
      'al-Adab al-Mufrad',
      'Riyad as-Salihin',
      '100% Sincerity_Guide',
    ]);
    expect(await names('?sort=price-desc')).toEqual([
      '100% Sincerity_Guide',
      'Riyad as-Salihin',
      'al-Adab al-Mufrad',
      'Forty Hadith',
    ]);
    expect(await names('?sort=name')).toEqual([
      '100% Sincerity_Guide',
      'al-Adab al-Mufrad',
      'Forty Hadith',
      'Riyad as-Salihin',
    ]);
    expect(await names('?search=imam&sort=price-asc')).toEqual([
      'Forty Hadith',
      'al-Adab al-Mufrad',
      'Riyad as-Salihin',
    ]);
  });

  it('refuses an unknown sort or an overlong search with 400', async () => {
    for (const query of ['?sort=cheapest', '?sort=', `?search=${'x'.repeat(201)}`]) {
      const res = await ctx.app.inject({ url: `/api/books${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
  });
});

describe('GET /books pages', () => {
  type Listed = { data: { _id: string; name: string }[]; pagination?: unknown };
  const read = async (query: string) => {
    const res = await ctx.app.inject({ url: `/api/books${query}` });
    expect(res.statusCode, query).toBe(200);
    return res.json<Listed>();
  };
  const day = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, n));

  it('answers page `page` of `limit` books with its pagination, every book once over the pages', async () => {
    // Two books share each moment, so the order's last key (the id) decides between them.
    for (let n = 0; n < 11; n += 1) {
      await createBook(ctx.database.db, { name: `Book ${n}`, price: 100 + (n % 3), createdAt: day(n >> 1) });
    }
    for (const sort of ['', '&sort=newest', '&sort=price-asc', '&sort=price-desc', '&sort=name']) {
      const whole = (await read(`?${sort.slice(1)}`)).data.map((book) => book._id);
      expect(whole).toHaveLength(11);
      const pages: string[][] = [];
      for (const page of [1, 2, 3]) {
        const body = await read(`?page=${page}&limit=4${sort}`);
        expect(body.pagination, sort).toEqual({ currentPage: page, totalPages: 3, totalItems: 11, limit: 4 });
        pages.push(body.data.map((book) => book._id));
      }
      expect(pages.map((ids) => ids.length)).toEqual([4, 4, 3]);
      // The pages follow one another in the list's own order: none overlaps another, none leaves a book out.
      expect(pages.flat(), sort).toEqual(whole);
    }
  });

  it('pages a search, counts its matches, and answers an empty page past the last', async () => {
    for (let n = 0; n < 5; n += 1) {
      await createBook(ctx.database.db, { name: `Tafsir volume ${n}`, createdAt: day(n) });
      await createBook(ctx.database.db, { name: `Hadith volume ${n}`, createdAt: day(n) });
    }
    const second = await read('?search=tafsir&page=2&limit=2');
    expect(second.data.map((book) => book.name)).toEqual(['Tafsir volume 2', 'Tafsir volume 1']);
    expect(second.pagination).toEqual({ currentPage: 2, totalPages: 3, totalItems: 5, limit: 2 });
    expect(await read('?search=tafsir&page=9&limit=2')).toEqual({
      success: true,
      data: [],
      pagination: { currentPage: 9, totalPages: 3, totalItems: 5, limit: 2 },
    });
    expect(await read('?search=nothing-like-it&page=1')).toEqual({
      success: true,
      data: [],
      pagination: { currentPage: 1, totalPages: 0, totalItems: 0, limit: 24 },
    });
  });

  it('takes 24 books a page unless told, and lists every book without `page`', async () => {
    for (let n = 0; n < 30; n += 1) await createBook(ctx.database.db, { createdAt: day(n) });
    const first = await read('?page=1');
    expect(first.data).toHaveLength(24);
    expect(first.pagination).toEqual({ currentPage: 1, totalPages: 2, totalItems: 30, limit: 24 });
    expect((await read('?page=2&limit=100')).data).toEqual([]);
    expect((await read('?page=01&limit=1')).pagination).toMatchObject({ currentPage: 1, totalPages: 30 });

    // Without a page the answer is the plain list, as the home page and the desk read it; a limit alone is no page.
    for (const query of ['', '?sort=name', '?limit=5']) {
      const all = await read(query);
      expect(all.data, query).toHaveLength(30);
      expect(all, query).not.toHaveProperty('pagination');
    }
  });

  it('refuses a page or a limit that is not a whole number in range, with a sentence saying so', async () => {
    const page = 'Page must be a whole number from 1';
    const limit = 'Limit must be a whole number from 1 to 100';
    const cases: [query: string, path: string, error: string][] = [
      ['page=0', 'querystring.page', page],
      ['page=-1', 'querystring.page', page],
      ['page=x', 'querystring.page', page],
      ['page=1.5', 'querystring.page', page],
      ['page=', 'querystring.page', page],
      ['page=1&limit=1000', 'querystring.limit', limit],
      ['page=1&limit=101', 'querystring.limit', limit],
      ['page=1&limit=0', 'querystring.limit', limit],
      ['page=1&limit=ten', 'querystring.limit', limit],
      ['limit=1000', 'querystring.limit', limit],
    ];
    for (const [query, path, error] of cases) {
      const res = await ctx.app.inject({ url: `/api/books?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({
        success: false,
        error,
        code: 'VALIDATION_ERROR',
        details: [{ path, message: error }],
      });
    }
    expect((await ctx.app.inject({ url: '/api/books?page=1&limit=100' })).statusCode).toBe(200);
  });
});

describe('GET /books caching', () => {
  it('sends an ETag and Cache-Control, and 304 when it still matches', async () => {
    const book = await createBook(ctx.database.db);
    for (const url of ['/api/books', `/api/books/${book.id}`]) {
      const first = await ctx.app.inject({ url });
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/".+"$/);
      expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');

      const again = await ctx.app.inject({ url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);

      const listOfTags = await ctx.app.inject({
        url,
        headers: { 'if-none-match': `"other", ${etag.slice(2)}` },
      });
      expect(listOfTags.statusCode).toBe(304);
      const stale = await ctx.app.inject({ url, headers: { 'if-none-match': 'W/"stale"' } });
      expect(stale.statusCode).toBe(200);
      expect(stale.json().success).toBe(true);
    }
  });

  it('changes the ETag when an admin adds, edits or deletes a book', async () => {
    const book = await createBook(ctx.database.db);
    const tags = async () => ({
      list: (await ctx.app.inject({ url: '/api/books' })).headers.etag as string,
      one: (await ctx.app.inject({ url: `/api/books/${book.id}` })).headers.etag as string,
    });
    const before = await tags();
    expect(await tags()).toEqual(before);

    const edit = { name: 'Edited', description: 'New text', author: 'Someone', price: 12 };
    await ctx.app.inject({ method: 'PUT', url: `/api/books/${book.id}`, headers: admin, payload: edit });
    const afterEdit = await tags();
    expect(afterEdit.list).not.toBe(before.list);
    expect(afterEdit.one).not.toBe(before.one);
    const revalidated = await ctx.app.inject({
      url: '/api/books',
      headers: { 'if-none-match': before.list },
    });
    expect(revalidated.statusCode).toBe(200);
    expect(revalidated.json().data[0].name).toBe('Edited');

    const created = await postBook([...fields(), image(await makeImage('png', 50, 50))]);
    expect(created.statusCode).toBe(201);
    const afterCreate = await tags();
    expect(afterCreate.list).not.toBe(afterEdit.list);
    expect(afterCreate.one).toBe(afterEdit.one);

    await ctx.app.inject({ method: 'DELETE', url: `/api/books/${created.json().data._id}`, headers: admin });
    const afterDelete = await tags();
    expect(afterDelete.list).not.toBe(afterCreate.list);
    expect(afterDelete.list).toBe(afterEdit.list);
  });

  it('does not mark failures as cacheable', async () => {
    const res = await ctx.app.inject({ url: '/api/books/0190b0a0-0000-7000-8000-000000000000' });
    expect(res.statusCode).toBe(404);
    expect(res.headers.etag).toBeUndefined();
  });
});
