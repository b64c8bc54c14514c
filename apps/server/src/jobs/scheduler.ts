import { vacuumAnalyze } from '@shop/db/upkeep';
import type { AppContext } from '../context.ts';
import { watchCataloguePdf } from '../modules/catalogue/catalogue-pdf.job.ts';
import { runVariantJobs } from '../modules/media/media-variants.service.ts';
import { releaseExpiredReservations } from '../modules/orders/order-lifecycle.service.ts';
import {
  settleExpiringPayments,
  settleLeftOpenPayments,
} from '../modules/payments/reservation-check.service.ts';
import { runDueRefunds } from '../modules/payments/refunds.service.ts';

export interface Job {
  name: string;
  everyMs: number;
  run(ctx: AppContext): Promise<void>;
}

/**
 * Background jobs inside the server process. Each job claims its work with row locks
 * (SKIP LOCKED) or conditional updates, so several instances can run them side by side.
 */
export const jobs: Job[] = [
  { name: 'mail-delivery', everyMs: 2_000, run: (ctx) => ctx.mail.flush() },
  {
    name: 'order-reservation-expiry',
    everyMs: 60_000,
    run: async (ctx) => {
      // Ask the gateways first: money already captured confirms the order instead of losing it.
      const now = new Date();
      await settleExpiringPayments(ctx, now);
      await releaseExpiredReservations(ctx, now);
    },
  },
  {
    // Payment attempts left open on orders paid another way or cancelled: money that arrived
    // unheard is found and refunded (reservation-check.service.ts settleLeftOpenPayments).
    name: 'left-open-payments',
    everyMs: 15 * 60_000,
    run: async (ctx) => {
      await settleLeftOpenPayments(ctx);
    },
  },
  {
    // Resized copies of uploaded images (the upload itself answers at once).
    name: 'image-variants',
    everyMs: 2_000,
    run: async (ctx) => {
      while ((await runVariantJobs(ctx.db, ctx.config.mediaDir, ctx.log)) > 0);
    },
  },
  {
    // PGlite has no autovacuum (single-user PostgreSQL): the server does its upkeep (packages/db/src/upkeep.ts).
    name: 'database-upkeep',
    everyMs: 3_600_000,
    run: async (ctx) => {
      if (ctx.database.kind !== 'pglite') return;
      const ms = await vacuumAnalyze(ctx.database);
      ctx.log.info({ ms }, 'embedded database vacuumed and analysed');
    },
  },
  {
    // Refund retries with back-off and status polls of pending refunds.
    name: 'refunds',
    everyMs: 30_000,
    run: async (ctx) => {
      await runDueRefunds(ctx);
    },
  },
];

export function startJobs(ctx: AppContext): () => void {
  const timers = jobs.map((job) => {
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      job
        .run(ctx)
        .catch((error: unknown) => ctx.log.error({ err: error, job: job.name }, 'job failed'))
        .finally(() => {
          busy = false;
        });
    }, job.everyMs);
    timer.unref();
    return timer;
  });
  // The catalogue PDF follows the change notifications instead of a clock.
  const stopCataloguePdf = watchCataloguePdf(ctx);
  return () => {
    stopCataloguePdf();
    for (const timer of timers) clearInterval(timer);
  };
}
