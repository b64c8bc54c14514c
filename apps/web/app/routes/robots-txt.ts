import type { StorefrontLoaderArgs } from '../lib/root-data.ts';
import { robotsTxt } from '../features/content/crawler-files.ts';

/** /robots.txt: allow the catalogue and content, keep crawlers out of shopper screens. */
export function loader({ context }: StorefrontLoaderArgs) {
  return new Response(robotsTxt(context.publicUrl), {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
