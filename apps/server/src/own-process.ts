import { fileURLToPath } from 'node:url';

/**
 * Where a process the server forks for heavy work (the catalogue PDF, pictures) starts: its
 * compiled entry beside the compiled server (scripts/build-server.mjs builds `dist/<name>.mjs`
 * and defines SHOP_SERVER_BUNDLE there), else its TypeScript source run through tsx (tests,
 * tools). `source` is the entry's source file, as the caller's `new URL('./x.ts', import.meta.url)`.
 */
export function ownProcessEntry(source: URL, compiledName: string): { path: string; execArgv: string[] } {
  if (process.env.SHOP_SERVER_BUNDLE === '1')
    return {
      path: fileURLToPath(new URL(`../dist/${compiledName}.mjs`, import.meta.url)),
      execArgv: ['--enable-source-maps'],
    };
  return { path: fileURLToPath(source), execArgv: ['--import', 'tsx'] };
}
