import type { MetaDescriptor } from 'react-router';
import { type MetaMatchLike, rootDataFrom } from '../../lib/root-data.ts';
import { pageMeta } from './page-meta.ts';

/** Title and meta of a private screen (account, cart, checkout, orders): not for search engines. */
export function privatePageMeta(
  title: string,
  module: string,
  args: { matches: ReadonlyArray<MetaMatchLike | undefined>; location: { pathname: string } },
): MetaDescriptor[] {
  const root = rootDataFrom(args.matches);
  return [
    ...pageMeta({
      settings: root.settings,
      module,
      title,
      publicUrl: root.publicUrl,
      path: args.location.pathname,
    }),
    { name: 'robots', content: 'noindex, nofollow' },
  ];
}
