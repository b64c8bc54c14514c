import { IconCategory, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { categoryPath } from '../../lib/category-links.ts';
import { buildTree, type TreeNode } from '../../lib/menu-tree.ts';
import { type Category, ROOT_CATEGORY_ID } from '../../lib/root-data.ts';
import classes from './catalogue.module.css';

/** At this width or less the sidebar starts collapsed (product rules §2). */
export const MOBILE_MAX_WIDTH = 768;

function contains(node: TreeNode<Category>, id: number): boolean {
  return node.id === id || node.children.some((c) => contains(c, id));
}

/**
 * A category with sub-categories: a button that shows or hides them. Closed groups render no
 * children at all, so a page hydrates only the open branch (the active category's parents).
 */
function CategoryGroup({ node, activeId }: { node: TreeNode<Category>; activeId: number }) {
  const [open, setOpen] = useState(() => contains(node, activeId));
  const listId = useId();
  return (
    <li>
      <button
        type="button"
        className={classes.treeItem}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <span>{node.name}</span>
        <IconChevronDown size={16} aria-hidden className={classes.treeChevron} />
      </button>
      {open && (
        <ul id={listId} className={classes.treeChildren}>
          <CategoryNodes nodes={node.children} activeId={activeId} />
        </ul>
      )}
    </li>
  );
}

/**
 * The tree as plain links and buttons (not Mantine's NavLink and Collapse: a shop has dozens of
 * categories, and each NavLink cost a component tree, its styles and hooks on every category page).
 */
function CategoryNodes({ nodes, activeId }: { nodes: TreeNode<Category>[]; activeId: number }) {
  return nodes.map((node) =>
    node.children.length === 0 ? (
      <li key={node.id}>
        <Link
          to={categoryPath(node)}
          preventScrollReset
          className={classes.treeItem}
          data-active={node.id === activeId || undefined}
          aria-current={node.id === activeId ? 'page' : undefined}
        >
          {node.name}
        </Link>
      </li>
    ) : (
      <CategoryGroup key={node.id} node={node} activeId={activeId} />
    ),
  );
}

/**
 * 'Product Categories' (product rules §2): nested by parent id (category 1 excluded); a category without
 * sub-categories links to its listing. 'Hide categories' / 'Show all categories' toggles it; at
 * 768 px or less it starts collapsed, and collapses again when a category is chosen (CSS decides
 * before hydration, state after).
 */
export function CategorySidebar({ categories, activeId }: { categories: Category[]; activeId: number }) {
  const tree = buildTree(categories, { exclude: (c) => c.id === ROOT_CATEGORY_ID });
  const [open, setOpen] = useState<boolean | null>(null);
  // On every category, not only the first: on a phone the list folds away once a category is
  // chosen, so its products are not pushed below the open list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the chosen category is the trigger.
  useEffect(() => {
    setOpen(!window.matchMedia(`(max-width: ${MOBILE_MAX_WIDTH}px)`).matches);
  }, [activeId]);
  const state = open === null ? 'auto' : String(open);
  return (
    <aside className={classes.sidebar} data-open={state} aria-labelledby="sidebar-heading">
      <div className={classes.sidebarHeader}>
        <h2 id="sidebar-heading" className={classes.sidebarTitle}>
          <IconCategory size={20} aria-hidden /> Product Categories
        </h2>
        <Button
          variant="subtle"
          color="maroon"
          size="sm"
          onClick={() =>
            setOpen((o) => !(o ?? !window.matchMedia(`(max-width: ${MOBILE_MAX_WIDTH}px)`).matches))
          }
          aria-controls="category-tree"
          aria-expanded={open ?? undefined}
          className={classes.sidebarToggle}
        >
          <span className={classes.whenOpen}>
            Hide categories <IconChevronUp size={14} aria-hidden />
          </span>
          <span className={classes.whenClosed}>
            Show all categories <IconChevronDown size={14} aria-hidden />
          </span>
        </Button>
      </div>
      <nav id="category-tree" aria-label="Product categories" className={classes.sidebarTree}>
        <ul className={classes.treeList}>
          <CategoryNodes nodes={tree} activeId={activeId} />
        </ul>
      </nav>
    </aside>
  );
}
