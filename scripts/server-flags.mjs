// How Node runs the compiled server (npm start, npm run bench).
// --max-semi-space-size=8: V8's young generation may grow to 3 × 16 MiB by default and stays that
// big once grown (ADR 0010: RSS < 300 MiB at 100,000 products). From 2026-11-25 to 2026-11-30 it
// was capped at 3 × 4 MiB. Under 100 connections ~100 answers are in flight at any moment, and
// that small a young generation was collected every few dozen answers: an answer still in flight
// at two collections was promoted, and the old generation then needed a full collection every
// ~0.3–0.5 s. At 8 MiB, in six alternated pairs of bench runs (two on PGlite at 10,000 products,
// four on PostgreSQL at 100,000; ADR 0012, "2026-11-30, morning"):
// - CPU an answer: search 8–36 % lower, category listings 10–30 %, product details 16–38 % in
//   five pairs (8 % higher in one); 8 s listing runs had 13–16 full collections in two of three
//   runs (36 in the third) instead of 36–40;
// - largest RSS: 280–292 against 268–282 MiB at 100,000 products on PostgreSQL (page renders;
//   the API scenarios' own RSS did not rise), 302–309 against 299–304 at 10,000 on PGlite;
// - first renders of random pages: mixed, from 14 % less to 39 % more CPU a page (~10 % more on
//   average). Those pages are kept after their first render and a CDN can serve them; API answers
//   vary with every request.
// 16 MiB was no faster than 8.
//
// --max-old-space-size=512: V8 grows its heap by a factor chosen from the largest heap it may
// have — up to 4× the live data when that is 2 GiB or more (the default on a machine with more
// than 16 GiB), ~1.4× at 512 MiB. Rendering product pages (~100 MB live at 100,000 products)
// took the heap to 225 MB and the RSS to 549 MiB; capped, the heap stays at 100–130 MB and the
// RSS ~170 MiB lower, for 5–15 % more CPU per answer in collections. 512 MiB holds the live data of
// ~400,000 products; a larger catalogue sets its own limit in NODE_OPTIONS, which then wins.
//
// --wasm-num-compilation-tasks=1: the embedded database (PGlite) is a 9 MB WebAssembly module that
// V8 compiles at every start on as many background tasks as Node has platform threads (four). Each
// task's scratch memory comes from malloc and is freed afterwards, but glibc keeps the freed pages
// of its arenas: a PGlite open left the process at 224–238 MiB with four tasks and 197–203 MiB
// with one (five runs each), and opened in 0.79–0.84 s against 0.79–1.14 s, the tasks no longer
// crowding two cores. In the PGlite bench (10,000 products; two runs without, five with) the RSS at
// its first scenario was 230–247 MiB against 264; the largest RSS of a run, set later by the page
// scenarios, 303–309 MiB in four runs and 331 in one, against 325 / 337 (ADR 0012,
// "2026-11-29, afternoon"). PostgreSQL shops compile no WebAssembly.
//
// --wasm-tiering-budget=180000000 (100 times V8's own): V8 first runs that WebAssembly as its
// baseline compiler (Liftoff) compiled it, and recompiles a function with its optimising compiler
// (TurboFan) once the function has run through its budget. A start ran postgres's hottest
// functions (the migrations' checks, the catalogue's first read) through V8's budget at once:
// TurboFan took the second core for seconds, the main thread waited 270–360 ms on V8's lock
// (strace), and TurboFan's scratch memory stayed in glibc's arenas. With the larger budget only
// what keeps running (a dashboard's sums over 100,000 orders) is recompiled, later. A PGlite shop,
// runs alternated or side by side (ADR 0012, "2026-11-29, night"):
// - 10,000 products, four starts each: first answer 1,527–1,940 ms (mean 1,684) against
//   1,682–2,119 ms (mean 1,822), 2,010–2,510 against 2,400–2,920 ms of CPU by then, RSS after it
//   191–200 against 213–238 MiB;
// - the back office on 100,000 orders, warmed up: dashboard p50 44.9 / 56.9 against 42.2 / 56.7 ms,
//   order list p50 17.0 / 15.7 against 18.1 / 18.2 ms, CPU 11.9 / 12.7 against 12.6 / 12.8 s; a CSV
//   import of 10,000 new products 5.4–7.2 against 5.3–6.9 s (four each).
// --liftoff-only (never TurboFan) started faster still (1,631–2,036 ms, RSS 186–197 MiB), but
// made the dashboard 30–45 % slower and a CSV import of 10,000 products 20–35 %. Three times this
// budget (540000000) spared a start its one recompile (a postgres function that holds the
// database's thread 140–250 ms) but left the dashboard on 100,000 orders slower in three of four
// alternated runs (p95 119.8–176.4 against 114–155.2 ms; ADR 0012, "2026-11-30").
// PostgreSQL shops run no WebAssembly of note (Node's fetch parses HTTP with a small module).
const heapLimitSet = /--max-old-space-size/.test(process.env.NODE_OPTIONS ?? '');
export const SERVER_NODE_FLAGS = [
  '--enable-source-maps',
  '--max-semi-space-size=8',
  '--wasm-num-compilation-tasks=1',
  '--wasm-tiering-budget=180000000',
  ...(heapLimitSet ? [] : ['--max-old-space-size=512']),
];

// The server's environment beside the shop's own variables (a variable already set wins).
// MALLOC_ARENA_MAX=2: glibc gives each thread that allocates (libuv's pool compressing pages,
// libvips drawing pictures) an arena of its own and keeps what they freed; two arenas brought the
// RSS after a catalogue PDF of 20,000 products from 496 back to 457 MiB (447 before drawing it).
//
// MALLOC_MMAP_THRESHOLD_=262144: glibc gives a block of 128 KiB or more its own mapping, returned
// to the system when freed, but raises that threshold to the size of each such block freed, up to
// 32 MiB. A brotli encoder's 4 MiB window and a rendered category page (300 KB) soon lift it so
// that every large block comes from the arenas, which do not shrink: rendering category and
// product pages at 100,000 products grew the main arena from 21 to 165 MB and the RSS to 490 MiB.
// A fixed threshold (256 KiB) keeps those blocks in mappings: RSS peaks 316–346 MiB in the same
// runs, with no CPU difference beyond the host's noise.
//
// MALLOC_TRIM_THRESHOLD_=2097152: fixing the mmap threshold also fixes the trim threshold, at
// 128 KiB, so glibc gave back the top of an arena whenever that much was free there — and the next
// allocation faulted the same pages in again. Brotli for a small kept page (a product's navigation
// data, 1.3 KB) frees its tables when it closes, so each one took 24–43 page faults and 0.15–0.23 ms
// of main-thread CPU, against 1–7 faults and 0.06–0.11 ms with 2 MiB kept at the top. A product's
// first navigation-data answer took 1.42–1.53 instead of 1.54–1.66 ms of CPU (system time 0.17–0.20
// → 0.08–0.09 ms); product pages and searches did not change, nor did the largest RSS (ADR 0012,
// "2026-11-28, afternoon"). At most 2 MiB per arena stays mapped beyond what is in use.
export const SERVER_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '262144',
  MALLOC_TRIM_THRESHOLD_: '2097152',
};
