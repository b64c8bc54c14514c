import { defineConfig } from 'vite';
// The storefront's build step, reused: Brotli and gzip copies beside each file, sent as they are.
import { precompress } from '../web/precompress.ts';

/**
 * The back office: a client-only React app served by the shop's server at `/admin` (no SSR: staff
 * pages are not for crawlers, and a single static `index.html` keeps the server's part small).
 * Vite 8 compiles TSX itself (Oxc); the automatic JSX runtime means no `import React` in screens.
 * Hashed file names let the server cache assets for a year; `index.html` is never cached.
 */
export default defineConfig({
  base: '/admin/',
  root: import.meta.dirname,
  plugins: [precompress()],
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    assetsDir: 'assets',
    // Mantine and its friends are large; each screen is its own lazy chunk on top of them.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // Mantine marks its modules "use client" (for React Server Components); a client-only
      // app has nothing to keep, so the bundler's note about dropping it is noise.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
