import { IconChevronDown } from '@tabler/icons-react';
import { Fragment } from 'react';
import { Link, NavLink } from 'react-router';
import { DropdownMenu, menuItemClass } from '../components/dropdown-menu.tsx';
import classes from './layout.module.css';
import { isExternalUrl, menuHref, type TreeNode } from '../lib/menu-tree.ts';
import type { MenuItem } from '../lib/root-data.ts';

function MenuLink({ item, className }: { item: MenuItem; className?: string }) {
  const href = menuHref(item.url);
  return isExternalUrl(href) ? (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {item.name}
    </a>
  ) : (
    <NavLink to={href} className={className} end={href === '/'}>
      {item.name}
    </NavLink>
  );
}

/** Dropdown entries; deeper levels are listed indented below their parent. */
function DropdownItems({ items, depth }: { items: TreeNode<MenuItem>[]; depth: number }) {
  return items.map((child) => {
    const href = menuHref(child.url);
    const style = depth > 0 ? { paddingLeft: 12 + depth * 12, fontSize: 13 } : undefined;
    return (
      <Fragment key={child.id}>
        {isExternalUrl(href) ? (
          <a
            role="menuitem"
            tabIndex={-1}
            className={menuItemClass}
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            style={style}
          >
            {child.name}
          </a>
        ) : (
          <Link role="menuitem" tabIndex={-1} className={menuItemClass} to={href} style={style}>
            {child.name}
          </Link>
        )}
        {child.children.length > 0 && <DropdownItems items={child.children} depth={depth + 1} />}
      </Fragment>
    );
  });
}

/**
 * Desktop menu from header-menus (product rules §2, §9): items with children open a hover dropdown
 * (open 100 ms, close 400 ms, width 160); the others are plain links.
 */
export function HeaderNav({ items }: { items: TreeNode<MenuItem>[] }) {
  return (
    <nav aria-label="Main" className={classes.nav}>
      <ul className={classes.navList}>
        {items.map((item) => (
          <li key={item.id}>
            {item.children.length === 0 ? (
              <MenuLink item={item} className={classes.navLink} />
            ) : (
              <DropdownMenu
                trigger="hover"
                openDelay={100}
                closeDelay={400}
                width={160}
                align="start"
                buttonProps={{ className: classes.navLink }}
                label={
                  <>
                    {item.name}
                    <IconChevronDown size={14} aria-hidden />
                  </>
                }
              >
                <DropdownItems items={item.children} depth={0} />
              </DropdownMenu>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

export { MenuLink };
