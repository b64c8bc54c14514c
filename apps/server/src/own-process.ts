import { fileURLToPath } from 'node:url';

/**
 * A file the server's build writes beside the compiled server (`apps/server/dist/<name>`), or
 * undefined when the server runs from its TypeScript source (tests, tools): that build made this
 * server, so what it wrote belongs to this checkout (scripts/build-server.mjs defines
 * SHOP_SERVER_BUNDLE in what it compiles).
 */
export function builtBesideServer(name: string): string | undefined {
  if (process.env.SHOP_SERVER_BUNDLE !== '1') return undefined;
  return fileURLToPath(new URL(`../dist/${name}`, import.meta.url));
}

/**
 * Where a process the server forks for heavy work (the catalogue PDF, pictures) starts: its
 * compiled entry beside the compiled server (`dist/<name>.mjs`), else its TypeScript source run
 * through tsx (tests, tools). `source` is the entry's source file, as the caller's
 * `new URL('./x.ts', import.meta.url)`.
 */
export function ownProcessEntry(source: URL, compiledName: string): { path: string; execArgv: string[] } {
  const compiled = builtBesideServer(`${compiledName}.mjs`);
  if (compiled) return { path: compiled, execArgv: ['--enable-source-maps'] };
  return { path: fileURLToPath(source), execArgv: ['--import', 'tsx'] };
}
