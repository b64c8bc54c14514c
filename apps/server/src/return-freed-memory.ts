/**
 * Gives the pages of memory the server has freed back to the system, every ten seconds, on Linux
 * with glibc. Ruby's garbage collector does the same after each full marking (gc.c, `malloc_trim`).
 *
 * Why: glibc keeps what a program frees inside its arenas, for the next allocation. Only the top
 * of an arena goes back on its own; a freed block between blocks still in use stays in the RSS
 * until `malloc_trim` hands its whole pages back. Rendering and compressing pages leaves many such
 * holes (brotli's encoders, response buffers freed out of order): a PGlite shop of 10,000 products
 * peaked at 308–327 MiB in `npm run bench -- --api-only`, and at 280–290 MiB with this (ADR 0012,
 * "2026-11-29, late night"). Node has no call for it, so koffi (an FFI library whose npm package
 * brings prebuilt binaries, as sharp's does) calls glibc's `malloc_trim(0)`.
 *
 * The call runs on libuv's thread pool, not on the event loop: it walks every free block and asks
 * the kernel to drop each one's pages, ~7 ms a call on average under the bench's load and ~70 ms
 * for 64 MiB left in 1,000 holes. A call still running is never doubled. Where koffi or glibc is
 * missing (macOS, musl, an optional install that failed), nothing is started.
 */
type MallocTrim = { async(pad: number, done: (error: unknown, result: number) => void): void };

/**
 * Every 10 s. Once a second held the bench's peak as low, but the next allocations fault the pages
 * handed back in again: a first product page took 0.3–0.7 ms more system time in each of six
 * side-by-side rounds, and a listing of 100 ~12 % more CPU in each of five. Every 10 s: the bench's
 * largest RSS 288 MiB, and no listing cost that showed.
 */
const EVERY_MS = 10_000;

let loading: Promise<MallocTrim | null> | undefined;

/** glibc's `malloc_trim`, or null where this process cannot call it. */
function loadMallocTrim(): Promise<MallocTrim | null> {
  loading ??= (async () => {
    if (process.platform !== 'linux') return null;
    try {
      const { default: koffi } = await import('koffi');
      return koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as MallocTrim;
    } catch {
      return null;
    }
  })();
  return loading;
}

/**
 * Returns the freed pages of every arena now. Resolves true once done, false where it cannot be
 * done here.
 */
export async function returnFreedMemory(): Promise<boolean> {
  const trim = await loadMallocTrim();
  if (!trim) return false;
  await new Promise<void>((resolve, reject) => trim.async(0, (error) => (error ? reject(error) : resolve())));
  return true;
}

/**
 * Returns freed memory every `everyMs` until stopped. Resolves to the stop function, or to null
 * where this process cannot do it. The timer never keeps the process alive.
 */
export async function startReturningFreedMemory(everyMs = EVERY_MS): Promise<(() => void) | null> {
  if (!(await loadMallocTrim())) return null;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    returnFreedMemory()
      .catch(() => undefined)
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
