import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';
import { shellChunks } from './shell-chunks.ts';

export default defineConfig({
  plugins: [reactRouter(), shellChunks(), precompress()],
  build: { sourcemap: false },
  ssr: {
    noExternal: ['@hookform/resolvers', '@mantine/core', '@mantine/hooks', '@mantine/notifications'],
  },
});
