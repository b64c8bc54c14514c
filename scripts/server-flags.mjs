// How Node runs the compiled server (npm start, npm run bench).
// --max-semi-space-size=4: V8's young generation may grow to 3 × 16 MiB by default and stays that
// big once grown; capped at 3 × 4 MiB the server's RSS under load is ~25 MiB lower, for more (but
// short) young-generation collections (ADR 0010: RSS < 300 MiB at 100,000 products).
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=4'];
