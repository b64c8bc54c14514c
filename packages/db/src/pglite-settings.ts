/**
 * Embedded PGlite's PostgreSQL settings beside its own defaults. Its postgres is one process in
 * this one, and it zeroes its whole shared buffer pool when it starts: the 128 MB that initdb
 * writes into postgresql.conf were ~110 MiB of this process's RSS from the first second, and
 * ~100 ms of every start (a PGlite of 10,000 products: RSS 280 → 186 MiB, PGlite.create 400 →
 * 300 ms). The shop's reads of the catalogue are answered from memory (its in-process index and
 * caches), so PostgreSQL's own pool mostly holds orders, carts and the back office's pages, and
 * the operating system's file cache sits beneath it. max_connections (initdb wrote 100) sizes the
 * per-connection state and the lock table; PGlite serves one connection, and at 20 one transaction
 * still locks ~3,000 tables (measured), far beyond the migration, which every test database runs.
 */
export const PGLITE_SETTINGS = ['shared_buffers=16MB', 'max_connections=20'];
