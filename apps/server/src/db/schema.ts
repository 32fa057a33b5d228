/**
 * Every table, enum and row type of the database, one file per module in db/schema/ (docs/decisions/059), all
 * exported here: drizzle-kit reads this file to generate migrations, and the code imports its tables from it. A file
 * there imports the columns it shares from columns.ts and the tables its foreign keys name from their own files,
 * never this one, so that none of them imports another in a loop.
 */
export { contentLanguage, siteLocale } from './schema/columns';
export * from './schema/users';
export * from './schema/auth';
export * from './schema/admins';
export * from './schema/books';
export * from './schema/cart';
export * from './schema/delivery';
export * from './schema/coupons';
export * from './schema/checkout';
export * from './schema/orders';
export * from './schema/coupon-redemptions';
export * from './schema/bills';
export * from './schema/fatwahs';
export * from './schema/articles';
export * from './schema/subscriptions';
export * from './schema/settings';
export * from './schema/idempotency';
export * from './schema/razorpay-sandbox';
export * from './schema/mail-outbox';
export * from './schema/search';
