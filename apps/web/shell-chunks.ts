import { writeFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|turbo-stream|cookie|set-cookie-parser)[\\/]/;
const CATALOGUE = /[\\/]app[\\/]features[\\/]catalogue[\\/]product[^\\/]*$/;
const SHELL_ENTRIES = /[\\/]app[\\/]root\.tsx|entry\.client/;

/**
 * Fewer, larger script chunks for the browser build. Left alone, the bundler makes a chunk for
 * every set of routes sharing a module: ~60 small files on the home page, each a request that a
 * phone on a slow network pays a round trip for. Instead every page gets:
 * - `framework`: React, React DOM and React Router (changes only with an upgrade);
 * - `shell`: everything the root route (the shared layout) imports statically;
 * - `catalogue`: the product grid, tile and cart buttons (home, category, search) with the
 *   Mantine pieces they need, instead of a dozen sub-kilobyte chunks;
 * - its route's own chunk(s), split automatically as before.
 * Lazy imports stay lazy: only static imports count towards the shell.
 */
export function shellChunks(): Plugin {
  let shell = new Set<string>();
  let eager = new Set<string>();
  let ssr = false;
  return {
    name: 'shop:shell-chunks',
    apply: 'build',
    config(_config, { isSsrBuild }) {
      ssr = Boolean(isSsrBuild);
      if (ssr) return;
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: 'framework', test: FRAMEWORK, priority: 2 },
                  { name: 'shell', test: (id: string) => shell.has(id), priority: 2 },
                  {
                    name: 'catalogue',
                    test: (id: string) => CATALOGUE.test(id) && eager.has(id),
                    priority: 1,
                  },
                ],
              },
            },
          },
        },
      };
    },
    generateBundle(_options, bundle) {
      if (ssr || !process.env.SHOP_CHUNK_REPORT) return;
      const lines: string[] = [];
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const [id, m] of Object.entries(chunk.modules))
          lines.push(`${chunk.fileName}\t${m.renderedLength}\t${id}`);
      }
      writeFileSync(process.env.SHOP_CHUNK_REPORT, lines.join('\n'));
    },
    buildEnd() {
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      /** App modules reachable from these entries by static imports (lazy imports stay lazy). */
      const staticallyReachable = (from: string[]) => {
        const found = new Set<string>();
        const pending = [...from];
        for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
          if (found.has(id) || id.includes('node_modules')) continue;
          found.add(id);
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return found;
      };
      shell = staticallyReachable(entries.filter((id) => SHELL_ENTRIES.test(id)));
      eager = staticallyReachable(entries);
    },
  };
}
