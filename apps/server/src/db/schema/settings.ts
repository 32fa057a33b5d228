import { integer, jsonb, pgTable } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';

/** The site's own details (office, contacts, hours, social links, the scholar's name): one row, id 1. */
export const siteSettings = pgTable('site_settings', {
  id: integer('id').primaryKey().default(1),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
});
