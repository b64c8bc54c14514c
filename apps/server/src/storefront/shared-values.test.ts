import type { StorefrontApi } from '@shop/contract/storefront-context';
import { describe, expect, it } from 'vitest';
import { cacheTags } from '../http/response-cache.ts';
import { fakeFeed } from '../plugins/change-feed.test-kit.ts';
import { type RenderDependencies, sharedValues } from './shared-values.ts';

/** An in-process API whose answers carry the content tag; `untagged` answers carry none. */
function fakeApi() {
  const calls: string[] = [];
  const apiFor = (deps: RenderDependencies): StorefrontApi => ({
    async get<T>(path: string) {
      calls.push(path);
      if (path === 'untagged') deps.unknown = true;
      else deps.tags.add(cacheTags.content);
      return { items: [{ key: 'shop_name', value: `Kesar ${calls.length}` }] } as T;
    },
  });
  return { calls, apiFor };
}

const newDeps = (): RenderDependencies => ({ tags: new Set(), unknown: false });
const layout = (api: StorefrontApi) => api.get<{ items: Array<{ key: string; value: string }> }>('settings');

describe('values shared by renders (the layout data, StorefrontLoadContext.shared)', () => {
  it('is made once for many renders, and each render carries its tags (so its kept page is dropped with it)', async () => {
    const { feed } = fakeFeed();
    const { calls, apiFor } = fakeApi();
    const shared = sharedValues(feed, apiFor);
    const renders = [newDeps(), newDeps(), newDeps()];
    const values = await Promise.all(renders.map((deps) => shared.get('layout', layout, deps)));
    values.push(await shared.get('layout', layout, newDeps()));
    expect(calls).toEqual(['settings']);
    expect(new Set(values).size).toBe(1);
    for (const deps of renders) expect([...deps.tags]).toEqual([cacheTags.content]);
  });

  it('is made again after a change touching an answer it was made from, not after another change', async () => {
    const { feed, emit } = fakeFeed();
    const { calls, apiFor } = fakeApi();
    const shared = sharedValues(feed, apiFor);
    const first = await shared.get('layout', layout, newDeps());
    emit({ kind: 'change', change: { table: 'products', id: 7, what: ['stock'] } });
    expect(await shared.get('layout', layout, newDeps())).toBe(first);
    emit({ kind: 'change', change: { table: 'settings' } });
    const second = await shared.get('layout', layout, newDeps());
    expect(second).not.toBe(first);
    expect(second.items[0]?.value).toBe('Kesar 2');
    expect(calls).toEqual(['settings', 'settings']);
  });

  it('is frozen: a render cannot change what the others read', async () => {
    const { feed } = fakeFeed();
    const shared = sharedValues(feed, fakeApi().apiFor);
    const value = await shared.get('layout', layout, newDeps());
    expect(() => {
      (value.items[0] as { value: string }).value = 'changed';
    }).toThrow(TypeError);
  });

  it('is not kept when made from an untagged answer, and marks the render as showing unknown data', async () => {
    const { feed } = fakeFeed();
    const { calls, apiFor } = fakeApi();
    const shared = sharedValues(feed, apiFor);
    const failing = (api: StorefrontApi) => api.get('untagged');
    const deps = newDeps();
    await shared.get('odd', failing, deps);
    await shared.get('odd', failing, newDeps());
    expect(calls).toEqual(['untagged', 'untagged']);
    expect(deps.unknown).toBe(true);
  });

  it('is made by every render while the change feed is down (freshness cannot be promised)', async () => {
    const { feed, emit } = fakeFeed();
    const { calls, apiFor } = fakeApi();
    const shared = sharedValues(feed, apiFor);
    await shared.get('layout', layout, newDeps());
    emit({ kind: 'down' });
    const deps = newDeps();
    await shared.get('layout', layout, deps);
    await shared.get('layout', layout, newDeps());
    expect(calls).toEqual(['settings', 'settings', 'settings']);
    expect([...deps.tags]).toEqual([cacheTags.content]);
    emit({ kind: 'resync' });
    await shared.get('layout', layout, newDeps());
    await shared.get('layout', layout, newDeps());
    expect(calls).toHaveLength(4);
  });
});
