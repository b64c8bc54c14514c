/** An item with its children, built from flat rows by parent id. */
export type TreeNode<T> = T & { children: TreeNode<T>[] };

/**
 * Nests flat rows by `parent_id`. Rows whose parent is missing (or excluded) become roots, unless
 * `rootParentIds` is given, in which case only rows under those parents are roots.
 */
export function buildTree<T extends { id: number; parent_id: number }>(
  rows: T[],
  options: { exclude?: (row: T) => boolean; rootParentIds?: number[] } = {},
): TreeNode<T>[] {
  const kept = rows.filter((r) => !options.exclude?.(r));
  const nodes = new Map<number, TreeNode<T>>(kept.map((r) => [r.id, { ...r, children: [] }]));
  const roots: TreeNode<T>[] = [];
  for (const row of kept) {
    const node = nodes.get(row.id);
    if (!node) continue;
    const parent = row.parent_id !== row.id ? nodes.get(row.parent_id) : undefined;
    if (parent) parent.children.push(node);
    else if (!options.rootParentIds || options.rootParentIds.includes(row.parent_id)) roots.push(node);
  }
  return roots;
}

/** True for links that leave the shop (rendered as plain anchors). */
export function isExternalUrl(url: string): boolean {
  return /^(https?:)?\/\//i.test(url) || /^(mailto|tel):/i.test(url);
}

/** Normalises a menu URL: internal ones become root-relative paths. */
export function menuHref(url: string): string {
  if (isExternalUrl(url)) return url;
  return `/${url.replace(/^\/+/, '')}`;
}
