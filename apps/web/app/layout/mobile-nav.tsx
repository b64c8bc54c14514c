import { Divider, Drawer, Stack } from '@mantine/core';
import { AccountMenu } from '../features/account/account-menu.tsx';
import classes from './layout.module.css';
import type { TreeNode } from '../lib/menu-tree.ts';
import { MenuLink } from './header-nav.tsx';
import type { MenuItem } from '../lib/root-data.ts';

interface Props {
  opened: boolean;
  onClose: () => void;
  items: TreeNode<MenuItem>[];
}

function Items({ items, depth }: { items: TreeNode<MenuItem>[]; depth: number }) {
  return (
    <ul className={classes.mobileList} style={{ paddingLeft: depth * 16 }}>
      {items.map((item) => (
        <li key={item.id}>
          <MenuLink item={item} className={classes.mobileLink} />
          {item.children.length > 0 && <Items items={item.children} depth={depth + 1} />}
        </li>
      ))}
    </ul>
  );
}

/** The mobile menu (≤ 768 px): a drawer that locks page scroll while open. */
export default function MobileNav({ opened, onClose, items }: Props) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title="Menu"
      size="82%"
      lockScroll
      closeButtonProps={{ 'aria-label': 'Close menu' }}
      styles={{ title: { fontWeight: 700, color: 'var(--mantine-color-maroon-9)' } }}
    >
      <Stack gap={0} component="nav" aria-label="Mobile">
        <Items items={items} depth={0} />
      </Stack>
      <Divider my="md" color="saffron.2" />
      <AccountMenu align="start" />
    </Drawer>
  );
}
