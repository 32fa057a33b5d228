import { randomBytes } from 'node:crypto';
import { and, count, eq, notExists } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { BOOK_IMAGE_VARIANT_WIDTHS, paths } from '@scholar/shared';
import sharp from 'sharp';
import type { Config } from '../config';
import { hashPassword } from '../lib/password';
import { createUploadStore, type UploadStore } from '../modules/uploads/object-store';
import type { Db } from './client';
import { DEMO_ARTICLES, DEMO_BOOKS, DEMO_COUPONS, DEMO_DELIVERY_ZONES, DEMO_FATWAHS } from './demo-content';
import { DEMO_BOOK_TRANSLATIONS } from './demo-book-translations';
import { createArticle, createBook, createFatwah } from './content-rows';
import { articles, books, coupons, deliveryZones, fatwahs, pincodeRanges, users } from './schema';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;
/** Where the one-time admin login goes: the console, not the log (which may be shipped elsewhere). */
type Print = (text: string) => void;
const toConsole: Print = (text) => process.stdout.write(text);

const DAY_MS = 86_400_000;
/**
 * The email of the admin the first run creates without ADMIN_EMAIL: one that every form accepts, in a domain kept
 * for examples (RFC 2606), so that no mail to it is ever delivered to anyone. Its owner changes it on Profile
 * (docs/decisions/037).
 */
export const FIRST_RUN_ADMIN_EMAIL = 'admin@example.com';
/** What the first run used to create: no form accepts an address without a dot in its domain, so nobody could sign in. */
export const LEGACY_FIRST_RUN_ADMIN_EMAIL = 'admin@localhost';

/**
 * Creates the configured admin when no user has that email (an existing account is never changed). Without a
 * configured admin, a database with no admin at all gets one with a random password, printed once. An account
 * made by an older first run as `admin@localhost` is renamed to `FIRST_RUN_ADMIN_EMAIL` first, so that it can sign in.
 */
export async function ensureAdmin(db: Db, config: Config, log: Log, print: Print = toConsole): Promise<void> {
  await renameLegacyAdmin(db, log);
  const signIn = `${config.publicUrl}${paths.adminLogin}`;
  if (config.admin) {
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, config.admin.email));
    if (existing) return;
    const password = config.admin.password ?? randomBytes(12).toString('base64url');
    await db.insert(users).values({
      name: config.admin.name,
      email: config.admin.email,
      role: 'admin',
      passwordHash: await hashPassword(password),
    });
    if (config.admin.password) log.info({ email: config.admin.email }, 'admin account created');
    else print(oneTimeLogin(config.admin.email, password, signIn, false));
    return;
  }
  const [admins] = await db.select({ n: count() }).from(users).where(eq(users.role, 'admin'));
  if ((admins?.n ?? 0) > 0) return;
  const password = randomBytes(12).toString('base64url');
  // A customer may hold the address in a database without admins (one edited by hand): then another, as unused.
  const [holder] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, FIRST_RUN_ADMIN_EMAIL));
  const email = holder ? `admin-${randomBytes(4).toString('hex')}@example.com` : FIRST_RUN_ADMIN_EMAIL;
  await db.insert(users).values({
    name: 'Administrator',
    email,
    role: 'admin',
    passwordHash: await hashPassword(password),
  });
  print(oneTimeLogin(email, password, signIn, true));
}

/**
 * Renames the account an older first run made as `admin@localhost`, which could never sign in, to
 * `FIRST_RUN_ADMIN_EMAIL` when no other account has that address; its password stays. One statement, so that two
 * instances starting at once rename it once.
 */
async function renameLegacyAdmin(db: Db, log: Log): Promise<void> {
  const holder = alias(users, 'holder');
  const renamed = await db
    .update(users)
    .set({ email: FIRST_RUN_ADMIN_EMAIL })
    .where(
      and(
        eq(users.email, LEGACY_FIRST_RUN_ADMIN_EMAIL),
        notExists(db.select({ id: holder.id }).from(holder).where(eq(holder.email, FIRST_RUN_ADMIN_EMAIL))),
      ),
    )
    .returning({ id: users.id });
  if (renamed.length > 0) {
    log.warn(
      { from: LEGACY_FIRST_RUN_ADMIN_EMAIL, to: FIRST_RUN_ADMIN_EMAIL },
      `the first-run admin ${LEGACY_FIRST_RUN_ADMIN_EMAIL} is now ${FIRST_RUN_ADMIN_EMAIL} (same password): ` +
        `sign in with it at ${paths.adminLogin}, then change it on Profile (${paths.adminProfile})`,
    );
    return;
  }
  const [stuck] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, LEGACY_FIRST_RUN_ADMIN_EMAIL));
  if (stuck) {
    log.warn(
      { email: LEGACY_FIRST_RUN_ADMIN_EMAIL, taken: FIRST_RUN_ADMIN_EMAIL },
      `the first-run admin ${LEGACY_FIRST_RUN_ADMIN_EMAIL} cannot sign in, and another account has ` +
        `${FIRST_RUN_ADMIN_EMAIL}: sign in as another admin, or set ADMIN_EMAIL and ADMIN_PASSWORD to create one`,
    );
  }
}

/**
 * The one-time login, for the console. A `placeholder` email receives no mail (a password reset would reach
 * nobody), so its owner is told to change it.
 */
function oneTimeLogin(email: string, password: string, signIn: string, placeholder: boolean): string {
  const lines = [
    '',
    '  An admin account was created. This login is shown only once:',
    `    email:    ${email}`,
    `    password: ${password}`,
    ...(placeholder
      ? [
          `  Sign in at ${signIn}, then open Profile and change this email to your own:`,
          `  ${email} receives no mail, so a password reset could not reach you. Change the password there too.`,
          '  (On a new install, ADMIN_EMAIL and ADMIN_PASSWORD create your own admin instead.)',
        ]
      : [`  Sign in at ${signIn}, then change this password on Profile.`]),
    '',
  ];
  return `${lines.join('\n')}\n`;
}

/** True when the database holds no books, articles or fatwahs. */
export async function isContentEmpty(db: Db): Promise<boolean> {
  const [b] = await db.select({ n: count() }).from(books);
  const [a] = await db.select({ n: count() }).from(articles);
  const [f] = await db.select({ n: count() }).from(fatwahs);
  return (b?.n ?? 0) + (a?.n ?? 0) + (f?.n ?? 0) === 0;
}

/** A geometric cover (an eight-pointed star on a gradient); no fonts needed. */
function coverSvg([background, accent]: [string, string], width: number, height: number): string {
  const cx = width / 2;
  const cy = height * 0.45;
  const r = Math.min(width, height) * 0.28;
  const square = (angle: number) =>
    `<rect x="${cx - r}" y="${cy - r}" width="${2 * r}" height="${2 * r}" transform="rotate(${angle} ${cx} ${cy})" fill="none" stroke="${accent}" stroke-width="${r * 0.08}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${background}"/><stop offset="1" stop-color="#0b1f17"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <rect x="${width * 0.06}" y="${height * 0.04}" width="${width * 0.88}" height="${height * 0.92}" fill="none" stroke="${accent}" stroke-opacity="0.6" stroke-width="3"/>
  ${square(0)}${square(45)}
  <circle cx="${cx}" cy="${cy}" r="${r * 0.35}" fill="${accent}" fill-opacity="0.85"/>
  <rect x="${width * 0.2}" y="${height * 0.8}" width="${width * 0.6}" height="${height * 0.02}" fill="${accent}"/>
</svg>`;
}

/**
 * The demo pictures as drawn, by name and size: a caller that seeds database after database (the page tests) passes
 * the same map each time and draws each picture once.
 */
export type DrawnDemoImages = Map<string, Buffer>;

async function writeImage(
  uploads: UploadStore,
  name: string,
  colours: [string, string],
  size: [number, number],
  drawn: DrawnDemoImages = new Map(),
): Promise<string> {
  const file = `${name}.webp`;
  const svg = Buffer.from(coverSvg(colours, size[0], size[1]));
  const draw = async (width: number | undefined) => {
    const key = `${colours.join()}:${size.join('x')}:${width ?? 'full'}`;
    const kept = drawn.get(key);
    if (kept) return kept;
    const made = await (
      width === undefined ? sharp(svg) : sharp(svg).resize({ width: Math.min(width, size[0]) })
    )
      .webp({ quality: 80 })
      .toBuffer();
    drawn.set(key, made);
    return made;
  };
  // The same name always gets the same picture: a cover left by an earlier seeding is simply written again.
  await uploads.put(`demo/${file}`, await draw(undefined), 'image/webp', { replace: true });
  // Its narrower copies, as an upload has (`bookImageVariantPath`), never wider than the picture.
  for (const width of BOOK_IMAGE_VARIANT_WIDTHS) {
    await uploads.put(`demo/${name}-${width}.webp`, await draw(width), 'image/webp', { replace: true });
  }
  return `/api/uploads/demo/${file}`;
}

const paragraphsToHtml = (paragraphs: string[]) =>
  paragraphs
    .map((p) => `<p>${p.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`)
    .join('');

/** Demo books (with generated covers), articles and fatwahs, answered by `answeredById`. */
export async function seedDemoContent(
  db: Db,
  uploads: UploadStore,
  answeredById: string | null,
  drawn?: DrawnDemoImages,
): Promise<void> {
  const now = Date.now();
  const bookCovers = await Promise.all(
    DEMO_BOOKS.map((book, i) => writeImage(uploads, `book-${i + 1}`, book.cover, [600, 800], drawn)),
  );
  const articleImages = await Promise.all(
    DEMO_ARTICLES.map((article, i) =>
      writeImage(uploads, `article-${i + 1}`, article.cover, [1200, 630], drawn),
    ),
  );
  // All or nothing: a half-seeded database would not count as empty on the next start.
  await db.transaction(async (tx) => {
    for (const [i, book] of DEMO_BOOKS.entries()) {
      // The cover's colours only draw the image.
      const { cover: _colours, ...fields } = book;
      await createBook(tx, {
        ...fields,
        translations: DEMO_BOOK_TRANSLATIONS[book.name] ?? {},
        images: [bookCovers[i] ?? ''],
        createdAt: new Date(now - (DEMO_BOOKS.length - i) * DAY_MS),
      });
    }
    // A translation names the item it translates by its key; that item comes earlier in its list.
    const articleIds = new Map<string, string>();
    for (const [i, article] of DEMO_ARTICLES.entries()) {
      const row = await createArticle(tx, {
        title: article.title,
        author: article.author,
        category: article.category,
        tags: article.tags,
        content: paragraphsToHtml(article.paragraphs),
        excerpt: excerptOf(article.paragraphs[0] ?? ''),
        featuredImage: articleImages[i] ?? '',
        isPublished: article.published,
        views: article.views,
        language: article.language ?? 'en',
        translationOf: article.translationOf ? articleIds.get(article.translationOf) : null,
        createdAt: new Date(now - article.daysAgo * DAY_MS),
      });
      if (article.key) articleIds.set(article.key, row.id);
    }
    const fatwahIds = new Map<string, string>();
    for (const fatwah of DEMO_FATWAHS) {
      const row = await createFatwah(tx, {
        question: fatwah.question,
        answer: fatwah.answer ?? null,
        categories: fatwah.categories,
        status: fatwah.status,
        askerName: fatwah.askerName ?? null,
        askerEmail: fatwah.askerEmail ?? null,
        answeredById: fatwah.answer ? answeredById : null,
        language: fatwah.language ?? 'en',
        translationOf: fatwah.translationOf ? fatwahIds.get(fatwah.translationOf) : null,
        createdAt: new Date(now - fatwah.daysAgo * DAY_MS),
      });
      if (fatwah.key) fatwahIds.set(fatwah.key, row.id);
    }
    // Delivery zones beside the default one the migration made (docs/decisions/052).
    for (const { ranges, ...zone } of DEMO_DELIVERY_ZONES) {
      const [made] = await tx.insert(deliveryZones).values(zone).returning({ id: deliveryZones.id });
      for (const [fromPincode, toPincode] of ranges) {
        await tx.insert(pincodeRanges).values({ zoneId: made!.id, fromPincode, toPincode });
      }
    }
    // A welcome coupon the checkout can be tried with (docs/decisions/051).
    for (const coupon of DEMO_COUPONS) {
      await tx.insert(coupons).values(coupon).onConflictDoNothing({ target: coupons.code });
    }
  });
}

function excerptOf(text: string, max = 180): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, cut.lastIndexOf(' ')).trimEnd()}…`;
}

/**
 * Start-up data: the admin, then demo content when asked for or when the database is empty. Demo covers go to
 * `uploads` (the app's store), or to the configured one.
 */
export async function prepareData(
  db: Db,
  config: Config,
  log: Log,
  print: Print = toConsole,
  uploads?: UploadStore,
): Promise<void> {
  await ensureAdmin(db, config, log, print);
  const wanted = config.seedDemo ?? (await isContentEmpty(db));
  if (!wanted || !(await isContentEmpty(db))) return;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  const store = uploads ?? (await createUploadStore(config));
  try {
    await seedDemoContent(db, store, admin?.id ?? null);
  } finally {
    if (!uploads) store.close();
  }
  log.info(
    { books: DEMO_BOOKS.length, articles: DEMO_ARTICLES.length, fatwahs: DEMO_FATWAHS.length },
    'demo content added',
  );
}
