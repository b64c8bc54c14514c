import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  appDirectory: 'app',
  // WEB_BUILD_DIR lets a test run build into its own folder.
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
} satisfies Config;
