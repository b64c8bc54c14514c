import { Group, Text } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { IconChevronDown, IconKey, IconLogout, IconPackage, IconUserCircle } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuDivider,
  dropdownClasses,
  menuItemClass,
  menuLabelClass,
} from '../../components/dropdown-menu.tsx';
import { sessionStore, useSession } from '../../lib/session-store.ts';
import { accountApi } from './account-api.ts';

/**
 * The header's account entry: 'Login' and 'Signup' for visitors, a menu with the customer's
 * e-mail, 'My Orders', 'Change Password' and 'Logout' for customers. Session-dependent parts
 * appear only after hydration. `align` is the edge the dropdown lines up with ('start' in the
 * phone drawer, where there is no room to the left).
 */
export function AccountMenu({ align = 'end' }: { align?: 'start' | 'end' }) {
  const mounted = useMounted();
  const { token, customer } = useSession();
  const navigate = useNavigate();

  async function logout() {
    try {
      await accountApi.logOut();
    } catch {
      // The token may already be invalid; logging out locally is what the customer asked for.
    }
    sessionStore.clear();
    navigate('/');
  }

  if (!mounted || !token) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Button color="maroon" to="/login" variant="subtle" size="compact">
          Login
        </Button>
        <Button color="maroon" to="/signup" variant="light" size="compact">
          Signup
        </Button>
      </Group>
    );
  }

  const email = customer?.email ?? 'My account';
  return (
    <DropdownMenu
      width={240}
      align={align}
      buttonProps={{
        className: dropdownClasses.accountButton,
        'aria-label': `Account menu for ${email}`,
        'data-testid': 'account-menu',
      }}
      label={
        <>
          <IconUserCircle size={24} aria-hidden="true" />
          <span className={`${dropdownClasses.truncate} ${dropdownClasses.email}`}>{email}</span>
          <IconChevronDown size={14} aria-hidden="true" />
        </>
      }
    >
      <div className={menuLabelClass}>
        <Text size="xs" c="gray.7" truncate="end">
          Signed in as
        </Text>
        <Text size="sm" fw={600} c="dark" truncate="end">
          {email}
        </Text>
      </div>
      <DropdownMenuDivider />
      <Link role="menuitem" tabIndex={-1} className={menuItemClass} to="/orders">
        <IconPackage size={16} aria-hidden="true" />
        My Orders
      </Link>
      <Link role="menuitem" tabIndex={-1} className={menuItemClass} to="/change-password">
        <IconKey size={16} aria-hidden="true" />
        Change Password
      </Link>
      <DropdownMenuDivider />
      <button
        type="button"
        role="menuitem"
        tabIndex={-1}
        className={menuItemClass}
        data-color="red"
        onClick={() => void logout()}
      >
        <IconLogout size={16} aria-hidden="true" />
        Logout
      </button>
    </DropdownMenu>
  );
}
