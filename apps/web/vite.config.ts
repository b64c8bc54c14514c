import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { shellChunks } from './shell-chunks.ts';

export default defineConfig({
  plugins: [reactRouter(), shellChunks()],
  build: { sourcemap: false },
  ssr: {
    noExternal: ['@hookform/resolvers', '@mantine/core', '@mantine/hooks', '@mantine/notifications'],
  },
});
