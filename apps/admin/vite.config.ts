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
      output: {
        // The framework and Mantine's components in one long-lived chunk (unchanged between the
        // shop's releases unless a dependency is upgraded), instead of a dozen small chunks that
        // each screen would wait for; the data table likewise. Screens stay lazy chunks.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@mantine[\\/](core|hooks|notifications|store)|@floating-ui|@tabler|clsx|cookie|set-cookie-parser|zod)[\\/]/,
              priority: 2,
            },
            { name: 'data-table', test: /[\\/]node_modules[\\/]mantine-datatable[\\/]/, priority: 1 },
          ],
        },
      },
      // Mantine marks its modules "use client" (for React Server Components); a client-only
      // app has nothing to keep, so the bundler's note about dropping it is noise.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
