// How Node runs the compiled server (npm start, npm run bench).
// --max-semi-space-size=4: V8's young generation may grow to 3 × 16 MiB by default and stays that
// big once grown; capped at 3 × 4 MiB the server's RSS under load is ~25 MiB lower, for more (but
// short) young-generation collections (ADR 0010: RSS < 300 MiB at 100,000 products).
//
// --max-old-space-size=512: V8 grows its heap by a factor chosen from the largest heap it may
// have — up to 4× the live data when that is 2 GiB or more (the default on a machine with more
// than 16 GiB), ~1.4× at 512 MiB. Rendering product pages (~100 MB live at 100,000 products)
// took the heap to 225 MB and the RSS to 549 MiB; capped, the heap stays at 100–130 MB and the
// RSS under 380 MiB, for a few per cent more CPU in collections. 512 MiB holds the live data of
// ~400,000 products; a larger catalogue sets its own limit in NODE_OPTIONS, which then wins.
const heapLimitSet = /--max-old-space-size/.test(process.env.NODE_OPTIONS ?? '');
export const SERVER_NODE_FLAGS = [
  '--enable-source-maps',
  '--max-semi-space-size=4',
  ...(heapLimitSet ? [] : ['--max-old-space-size=512']),
];

// The server's environment beside the shop's own variables (a variable already set wins).
// MALLOC_ARENA_MAX=2: glibc gives each thread that allocates (libuv's pool compressing pages,
// libvips drawing pictures) an arena of its own and keeps what they freed; two arenas brought the
// RSS after a catalogue PDF of 20,000 products from 496 back to 457 MiB (447 before drawing it).
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };
