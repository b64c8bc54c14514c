// How Node runs the compiled server (npm start, npm run bench).
// --max-semi-space-size=4: V8's young generation may grow to 3 × 16 MiB by default and stays that
// big once grown; capped at 3 × 4 MiB the server's RSS under load is ~25 MiB lower, for more (but
// short) young-generation collections (ADR 0010: RSS < 300 MiB at 100,000 products).
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=4'];

// The server's environment beside the shop's own variables (a variable already set wins).
// MALLOC_ARENA_MAX=2: glibc gives each thread that allocates (libuv's pool compressing pages,
// libvips drawing pictures) an arena of its own and keeps what they freed; two arenas brought the
// RSS after a catalogue PDF of 20,000 products from 496 back to 457 MiB (447 before drawing it).
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };
