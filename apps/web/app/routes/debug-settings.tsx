import type { StorefrontLoaderArgs } from '../lib/root-data.ts';
import type { Collection } from '@shop/contract/collection';
import type { Setting } from '@shop/contract/content';
import { type MetaFunction, useLoaderData } from 'react-router';
import { assertNotProduction } from '../features/content/debug-only.server.ts';
import { DebugTable } from '../features/content/debug-table.tsx';

/** /settings: every public setting, key and value (development only). */
export async function loader({ context }: StorefrontLoaderArgs) {
  assertNotProduction(context);
  const body = await context.api.get<Collection<Setting>>('settings', {
    query: { 'per-page': 200, page: 1 },
  });
  return { rows: body.items.map((s) => ({ key: s.key, value: s.value })) };
}

export const meta: MetaFunction = () => [{ title: 'Settings' }, { name: 'robots', content: 'noindex' }];

export default function DebugSettingsRoute() {
  const { rows } = useLoaderData<typeof loader>();
  return (
    <DebugTable
      title="Settings"
      caption="All public settings of the shop, as the storefront receives them."
      keyLabel="Key"
      valueLabel="Value"
      rows={rows}
    />
  );
}
