import type { StorefrontLoaderArgs } from '../lib/root-data.ts';
import type { Collection } from '@shop/contract/collection';
import type { ContentBlock } from '@shop/contract/content';
import { type MetaFunction, useLoaderData } from 'react-router';
import { assertNotProduction } from '../features/content/debug-only.server.ts';
import { DebugTable } from '../features/content/debug-table.tsx';

/** /contents: every content block, name and value (development only). */
export async function loader({ context }: StorefrontLoaderArgs) {
  assertNotProduction(context);
  const body = await context.api.get<Collection<ContentBlock>>('contents', {
    query: { 'per-page': 200, page: 1 },
  });
  return { rows: body.items.map((c) => ({ key: c.name, value: c.content })) };
}

export const meta: MetaFunction = () => [{ title: 'Contents' }, { name: 'robots', content: 'noindex' }];

export default function DebugContentsRoute() {
  const { rows } = useLoaderData<typeof loader>();
  return (
    <DebugTable
      title="Contents"
      caption="Content blocks of the shop (HTML shown as text)."
      keyLabel="Name"
      valueLabel="Content"
      rows={rows}
    />
  );
}
