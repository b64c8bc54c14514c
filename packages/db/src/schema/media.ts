import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * Resized copies still to be made of an uploaded image (`folder/file` under DATA_DIR/media). The
 * upload answers at once; the image-variants job makes the copies the storefront asks for. A job
 * claims a row by setting `claimed_until` (so several instances share the work) and deletes it
 * when done; a claim that runs out (a crash) is taken again.
 */
export const mediaVariantJobs = pgTable(
  'media_variant_jobs',
  {
    id: serial('id').primaryKey(),
    folder: text('folder').notNull(),
    file: text('file').notNull(),
    attempts: integer('attempts').notNull().default(0),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('media_variant_jobs_claim_idx').on(t.claimedUntil, t.id)],
);
