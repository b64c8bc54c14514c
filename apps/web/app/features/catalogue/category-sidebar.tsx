import { NavLink, Title } from '@mantine/core';
import { IconCategory, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { categoryPath } from '../layout/category-links.ts';
import { buildTree, type TreeNode } from '../layout/menu-tree.ts';
import { type Category, ROOT_CATEGORY_ID } from '../layout/root-data.ts';
import classes from './catalogue.module.css';
import { Button } from '../../components/ui/button.tsx';

/** At this width or less the sidebar starts collapsed (spec §2). */
export const MOBILE_MAX_WIDTH = 768;

function contains(node: TreeNode<Category>, id: number): boolean {
  return node.id === id || node.children.some((c) => contains(c, id));
}

function CategoryNodes({ nodes, activeId }: { nodes: TreeNode<Category>[]; activeId: number }) {
  return nodes.map((node) =>
    node.children.length === 0 ? (
      <NavLink
        key={node.id}
        component={Link}
        to={categoryPath(node)}
        preventScrollReset
        label={node.name}
        active={node.id === activeId}
        color="maroon"
        variant="light"
        className={classes.sidebarLink}
      />
    ) : (
      <NavLink
        key={node.id}
        component="button"
        label={node.name}
        defaultOpened={contains(node, activeId)}
        childrenOffset={14}
        className={classes.sidebarLink}
      >
        <CategoryNodes nodes={node.children} activeId={activeId} />
      </NavLink>
    ),
  );
}

/**
 * 'Product Categories' (spec §2): nested by parent id (category 1 excluded); a category without
 * sub-categories links to its listing. 'Hide categories' / 'Show all categories' toggles it; at
 * 768 px or less it starts collapsed (CSS decides before hydration, state after).
 */
export function CategorySidebar({ categories, activeId }: { categories: Category[]; activeId: number }) {
  const tree = buildTree(categories, { exclude: (c) => c.id === ROOT_CATEGORY_ID });
  const [open, setOpen] = useState<boolean | null>(null);
  useEffect(() => {
    setOpen(!window.matchMedia(`(max-width: ${MOBILE_MAX_WIDTH}px)`).matches);
  }, []);
  const state = open === null ? 'auto' : String(open);
  return (
    <aside className={classes.sidebar} data-open={state} aria-labelledby="sidebar-heading">
      <div className={classes.sidebarHeader}>
        <Title order={2} id="sidebar-heading" className={classes.sidebarTitle}>
          <IconCategory size={20} aria-hidden /> Product Categories
        </Title>
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
        <CategoryNodes nodes={tree} activeId={activeId} />
      </nav>
    </aside>
  );
}
