import type { AdminCategory } from '@shop/contract/admin/catalogue';

/** A category with its children, in display order. */
export interface CategoryNode extends AdminCategory {
  children: CategoryNode[];
  depth: number;
}

/** Builds the tree from the flat list (parents first or not), siblings in display order. */
export function buildTree(items: readonly AdminCategory[]): CategoryNode[] {
  const nodes = new Map<number, CategoryNode>();
  for (const c of items) nodes.set(c.id, { ...c, children: [], depth: 0 });
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parent_id);
    if (parent && parent.id !== node.id) parent.children.push(node);
    else roots.push(node);
  }
  const order = (list: CategoryNode[], depth: number) => {
    list.sort((a, b) => a.display_order - b.display_order || a.id - b.id);
    for (const n of list) {
      n.depth = depth;
      order(n.children, depth + 1);
    }
  };
  order(roots, 0);
  return roots;
}

/** The tree as rows, depth first (what the screen lists). */
export function flatten(nodes: readonly CategoryNode[]): CategoryNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

/** Whether `candidate` is `node` or lies below it (a drop there would make a cycle). */
export function contains(node: CategoryNode, candidateId: number): boolean {
  return node.id === candidateId || node.children.some((c) => contains(c, candidateId));
}

/** Category options for a select, indented by depth: "Food › Sweets". */
export function categoryOptions(items: readonly AdminCategory[]) {
  const byId = new Map(items.map((c) => [c.id, c]));
  const label = (c: AdminCategory): string => {
    const parent = byId.get(c.parent_id);
    return parent && parent.parent_id !== 0 ? `${label(parent)} › ${c.name}` : c.name;
  };
  return flatten(buildTree(items)).map((c) => ({
    value: String(c.id),
    label: `${label(c)}${c.is_active ? '' : ' (hidden)'}`,
  }));
}
