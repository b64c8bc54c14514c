import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { collectGarbageSoon } from '../../collect-garbage.ts';
import { ownProcessEntry } from '../../own-process.ts';
import type { AppContext } from '../../context.ts';
import type { FeedEvent } from '../../plugins/change-feed.ts';
import type { Db } from '@shop/db/client';
import { catalogueProductBatches, readCatalogueFrame } from './catalogue-pdf-rows.ts';
import type { DrawAnswer, DrawMessage } from './catalogue-pdf.process.ts';

/**
 * Keeps files/catalogue.pdf (the footer's "catalogue" download) in step with the catalogue: built
 * at start (10 s after it when the file of the last run is there), then again a few seconds after products (but not their stock), categories or settings change — debounced,
 * so that an import of 10,000 rows or a burst of edits builds it once, and at most a minute late
 * while changes keep coming. One build at a time; a change during a build queues one more.
 */

export const CATALOGUE_PDF = join('files', 'catalogue.pdf');
const WATCHED = new Set(['products', 'categories', 'settings']);
/** How long after a start the catalogue PDF of the last run is rebuilt. */
const RESTART_BUILD_DELAY_MS = 10_000;

/**
 * Whether a change can alter the PDF. It shows no stock, so a sale (a products change of stock
 * alone) does not redraw it: on a busy shop of 100,000 products that was a redraw of the whole
 * catalogue every minute while orders came in.
 */
export function changesThePdf(event: FeedEvent): boolean {
  if (event.kind === 'resync') return true;
  if (event.kind !== 'change' || !WATCHED.has(event.change.table)) return false;
  const { table, what } = event.change;
  return !(table === 'products' && what !== undefined && what.length > 0 && what.every((w) => w === 'stock'));
}

/** The longest a drawing may take before its process is stopped (100,000 products: ~30 s). */
const DRAW_TIMEOUT_MS = 10 * 60_000;

/** Sends one message and resolves once the channel has taken it (so batches do not pile up in it). */
function sendTo(child: ChildProcess, message: DrawMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    child.send(message, (error) => (error ? reject(error) : resolve()));
  });
}

/**
 * Draws the PDF into `target` in a process of its own (catalogue-pdf.process.ts says why), handing
 * it the catalogue read batch by batch.
 */
function drawInOwnProcess(db: Db, mediaDir: string, target: string): Promise<DrawAnswer> {
  const entry = ownProcessEntry(
    new URL('./catalogue-pdf.process.ts', import.meta.url),
    'catalogue-pdf.process',
  );
  const child = fork(entry.path, [], {
    execArgv: entry.execArgv,
    // Structured clone, not JSON, for the rows of a large catalogue.
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const drawn = new Promise<DrawAnswer>((resolve, reject) => {
    let answer: DrawAnswer | undefined;
    const timer = setTimeout(() => child.kill('SIGKILL'), DRAW_TIMEOUT_MS);
    child.once('message', (message: DrawAnswer) => {
      answer = message;
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (answer) resolve(answer);
      else
        reject(
          new Error(`the catalogue PDF process ended (${signal ?? `exit code ${code}`}) without drawing it`),
        );
    });
  });
  // Settled later than it may fail (the child can die during the handover): handled from here on.
  drawn.catch(() => {});
  const handedOver = (async () => {
    await sendTo(child, { kind: 'frame', frame: await readCatalogueFrame(db), mediaDir, target });
    for await (const products of catalogueProductBatches(db))
      await sendTo(child, { kind: 'products', products });
    await sendTo(child, { kind: 'draw' });
  })();
  // A failed read stops the child; its exit then rejects `drawn` with the read's error below.
  return handedOver.then(
    () => drawn,
    (error: unknown) => {
      child.kill('SIGKILL');
      return drawn.catch(() => Promise.reject(error));
    },
  );
}

export async function writeCataloguePdf(ctx: Pick<AppContext, 'db' | 'config'>) {
  const started = performance.now();
  const target = join(ctx.config.mediaDir, CATALOGUE_PDF);
  await mkdir(dirname(target), { recursive: true });
  // Written then renamed: a visitor downloading meanwhile gets the old file whole, never half.
  const temporary = `${target}.${process.pid}.tmp`;
  try {
    const { products, bytes } = await drawInOwnProcess(ctx.db, ctx.config.mediaDir, temporary);
    await rename(temporary, target);
    return { products, bytes, ms: Math.round(performance.now() - started) };
  } finally {
    await rm(temporary, { force: true });
  }
}

export function watchCataloguePdf(
  ctx: AppContext,
  options: { debounceMs?: number; maxWaitMs?: number; buildNow?: boolean } = {},
): () => void {
  const debounceMs = options.debounceMs ?? 5_000;
  const maxWaitMs = options.maxWaitMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  let firstChangeAt: number | null = null;
  let building = false;
  let again = false;
  let stopped = false;

  async function build() {
    timer = undefined;
    firstChangeAt = null;
    if (stopped) return;
    if (building) {
      again = true;
      return;
    }
    building = true;
    try {
      const result = await writeCataloguePdf(ctx);
      ctx.log.info(result, 'catalogue PDF rebuilt');
      // Reading the catalogue for it leaves its rows behind as garbage (batches of 5,000).
      collectGarbageSoon();
    } catch (error) {
      ctx.log.error({ err: error }, 'catalogue PDF could not be built');
    } finally {
      building = false;
      if (again && !stopped) {
        again = false;
        schedule();
      }
    }
  }

  function schedule() {
    const now = Date.now();
    firstChangeAt ??= now;
    clearTimeout(timer);
    const wait = Math.max(0, Math.min(debounceMs, firstChangeAt + maxWaitMs - now));
    timer = setTimeout(() => void build(), wait);
    timer.unref();
  }

  const unsubscribe = ctx.changes.subscribe((event) => {
    if (changesThePdf(event)) schedule();
  });
  if (options.buildNow ?? true) {
    // A restart finds last run's file and rebuilds it once the first visitors have been answered
    // (drawing takes a few hundred milliseconds of the only thread); a new shop needs it at once.
    const present = existsSync(join(ctx.config.mediaDir, CATALOGUE_PDF));
    timer = setTimeout(() => void build(), present ? RESTART_BUILD_DELAY_MS : 0);
    timer.unref();
  }
  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
  };
}
