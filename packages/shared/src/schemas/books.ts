import { z } from 'zod';
import { idSchema, isoDateTime } from './common';

export const bookSchema = z.object({
  _id: idSchema,
  name: z.string(),
  description: z.string(),
  author: z.string(),
  /** Rupees with at most 2 decimals. */
  price: z.number(),
  images: z.array(z.string()),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Book = z.infer<typeof bookSchema>;
