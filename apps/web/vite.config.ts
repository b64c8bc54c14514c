import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';
import { reactRouterProduction } from './react-router-production.ts';
import { shellChunks } from './shell-chunks.ts';

export default defineConfig({
  plugins: [reactRouterProduction(), reactRouter(), shellChunks(), precompress()],
  build: { sourcemap: false },
  ssr: {
    // Bundled into the server build rather than imported at run time: @tabler/icons-react's
    // CommonJS file (3.6 MB, every icon) took a second of the server's start to load; bundled,
    // only the icons the storefront uses are in it.
    noExternal: [
      '@hookform/resolvers',
      '@mantine/core',
      '@mantine/hooks',
      '@mantine/notifications',
      '@tabler/icons-react',
    ],
  },
});
