import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  appDirectory: 'app',
  // WEB_BUILD_DIR lets a test run build into its own folder.
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
  future: {
    // Loaders get the request as it came (a navigation's `.data` URL, `_routes` and all) and read
    // the page's own address from `url`. Without it React Router made three new Requests for every
    // navigation's data: a first render took a median 4 % more CPU, and 3,000 of them left ~12 MiB
    // more RSS (ADR 0012, "2026-11-30, afternoon").
    v8_passThroughRequests: true,
  },
} satisfies Config;
