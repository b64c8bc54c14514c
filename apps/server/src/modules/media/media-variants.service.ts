import { resolve } from 'node:path';
import type { Db, DbOrTx } from '@shop/db/client';
import { mediaVariantJobs } from '@shop/db/schema/index';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type VariantSize, variantPath, writeVariant, VARIANT_SIZES } from './media-files.ts';

/** What other modules check pictures with (in the picture process, never in the server's own). */
export { pictures } from './picture-drawer.ts';

/**
 * Resized copies of uploaded images, made by a background job instead of during the upload (an
 * upload answers in milliseconds; a 24-megapixel photo takes a second per copy on a small server).
 * Until the copies exist, the media routes make any copy asked for on first request, so a page
 * never shows a broken image meanwhile.
 */

/** The copies the storefront asks for, per folder: squares for lists and cart, widths for pages. */
const sizesOf: Record<string, VariantSize[]> = {
  products: ['120x120', '300x300', 'w480', 'w800'],
};
const DEFAULT_SIZES: VariantSize[] = ['w480', 'w800', 'w1200'];
/** How long a claim holds before another instance may take the job again (a crash, say). */
const CLAIM_SECONDS = 120;
/** A file that fails this often is given up on (logged), not retried forever. */
const MAX_ATTEMPTS = 3;

/** Queues the copies of `folder/…/file`, in the transaction that records the upload. */
export async function queueVariants(tx: DbOrTx, folder: string[], file: string): Promise<void> {
  await tx.insert(mediaVariantJobs).values({ folder: folder.join('/'), file });
}

/**
 * Makes the copies of up to `limit` queued images; returns how many jobs it finished. Claims rows
 * with a conditional update (no transaction held while images are resized), so instances sharing
 * the database share the work.
 */
export async function runVariantJobs(
  db: Db,
  mediaDir: string,
  log: FastifyBaseLogger,
  limit = 10,
): Promise<number> {
  const claimed = (await db.execute(sql`
    update media_variant_jobs set claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS}),
      attempts = attempts + 1
    where id in (
      select id from media_variant_jobs
      where claimed_until is null or claimed_until < now()
      order by id limit ${limit} for update skip locked)
    returning id, folder, file, attempts`)) as unknown as {
    rows: Array<{ id: number; folder: string; file: string; attempts: number }>;
  };
  let done = 0;
  for (const job of claimed.rows) {
    const folder = job.folder.split('/');
    const original = resolve(mediaDir, ...folder, job.file);
    try {
      for (const size of sizesOf[folder[0] ?? ''] ?? DEFAULT_SIZES)
        await writeVariant(original, variantPath(mediaDir, folder, size, job.file), VARIANT_SIZES[size]);
      await db.delete(mediaVariantJobs).where(eq(mediaVariantJobs.id, job.id));
      done += 1;
    } catch (error) {
      if (job.attempts >= MAX_ATTEMPTS) {
        log.error(
          { err: error, file: `${job.folder}/${job.file}` },
          'image copies could not be made; given up',
        );
        await db.delete(mediaVariantJobs).where(eq(mediaVariantJobs.id, job.id));
      } else log.warn({ err: error, file: `${job.folder}/${job.file}` }, 'image copies failed; will retry');
    }
  }
  return done;
}
