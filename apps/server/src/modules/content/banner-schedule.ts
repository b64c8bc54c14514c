import type { AppContext } from '../../context.ts';
import { cacheTags, responseCacheOf } from '../../http/response-cache.ts';
import { nextBannerBoundary } from './content-admin.service.ts';

/** Longest wait between two looks at the schedule (a timer cannot wait for weeks reliably). */
const MAX_WAIT_MS = 6 * 3600_000;

/**
 * A scheduled banner starts or ends showing at a moment no database write marks, so no change
 * notification tells the cache. Each instance therefore waits for the next start or end of any
 * active banner's schedule and drops the cached content answers then; it looks again whenever
 * the banners change. Returns the function that stops it.
 */
export function expireBannersOnSchedule(ctx: AppContext): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let generation = 0;

  async function arm() {
    const mine = ++generation;
    if (timer) clearTimeout(timer);
    timer = undefined;
    let next: Date | undefined;
    try {
      next = await nextBannerBoundary(ctx.db);
    } catch (error) {
      if (!stopped) ctx.log.error({ err: error }, 'banner schedule: reading the next start or end failed');
      return;
    }
    if (stopped || mine !== generation || !next) return;
    const wait = Math.max(0, Math.min(next.getTime() - Date.now(), MAX_WAIT_MS));
    timer = setTimeout(() => {
      if (next && next.getTime() <= Date.now()) responseCacheOf(ctx).invalidate([cacheTags.content]);
      void arm();
    }, wait + 5);
    timer.unref();
  }

  const unsubscribe = ctx.changes.subscribe((event) => {
    if (event.kind !== 'change' || event.change.table === 'banners') void arm();
  });
  void arm();
  return () => {
    stopped = true;
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
}
