import {
  AppShell,
  Badge,
  Burger,
  Button,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { useEffect } from 'react';
import { NavLink as RouterNavLink, Outlet, useLocation, useNavigate } from 'react-router';
import type { AdminScreen } from '../screen-types.ts';
import { screens } from '../screens.tsx';
import { useSession } from '../session.tsx';

const ROLE_LABELS = { owner: 'Owner', manager: 'Manager', staff: 'Staff' } as const;

/** The navigation's screens, grouped in the registry's order; screens without a group first. */
function navGroups(visible: AdminScreen[]): Array<{ heading: string | null; screens: AdminScreen[] }> {
  const groups = new Map<string | null, AdminScreen[]>();
  for (const screen of visible) {
    const key = screen.group ?? null;
    groups.set(key, [...(groups.get(key) ?? []), screen]);
  }
  return [...groups]
    .map(([heading, list]) => ({ heading, screens: list }))
    .sort((a, b) => {
      if (a.heading === null) return -1;
      if (b.heading === null) return 1;
      return 0;
    });
}

/**
 * The frame of every signed-in screen: a sidebar with the screens this role may use, a header
 * with who is signed in and "Sign out". Below 48em the sidebar folds behind a burger button.
 */
export function AdminLayout() {
  const { staff, can, signOut } = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const navigate = useNavigate();
  const visible = screens.filter((screen) => screen.nav !== false && can(screen.permission));
  const current = screens.find((s) => `/${s.path}` === location.pathname);
  useEffect(() => {
    document.title = `${current?.label ?? 'Back office'} · Back office`;
  }, [current]);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? 'Close navigation' : 'Open navigation'}
            />
            <Title order={2} size="h4" c="saffron.8" style={{ whiteSpace: 'nowrap' }}>
              Back office
            </Title>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Stack gap={0} align="flex-end" visibleFrom="xs">
              <Text size="sm" fw={600} data-testid="staff-name">
                {staff?.name}
              </Text>
              <Text size="xs" c="dimmed">
                {staff?.email}
              </Text>
            </Stack>
            <Badge variant="light" color="maroon" visibleFrom="xs">
              {staff ? ROLE_LABELS[staff.role] : ''}
            </Badge>
            <Button
              variant="subtle"
              color="gray"
              size="compact-sm"
              leftSection={<IconLogout size={16} />}
              onClick={() => signOut().then(() => navigate('/sign-in', { replace: true }))}
            >
              Sign out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Back office">
        <AppShell.Section hiddenFrom="xs" px="xs" pb="xs">
          <Text size="sm" fw={600}>
            {staff?.name}
          </Text>
          <Text size="xs" c="dimmed">
            {staff?.email} · {staff ? ROLE_LABELS[staff.role] : ''}
          </Text>
        </AppShell.Section>
        <AppShell.Section grow component={ScrollArea}>
          <nav>
            {navGroups(visible).map(({ heading, screens: list }) => (
              <Stack key={heading ?? ''} gap={2} mb="sm">
                {heading && (
                  <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="xs">
                    {heading}
                  </Text>
                )}
                {list.map((screen) => (
                  <NavLink
                    key={screen.path}
                    component={RouterNavLink}
                    to={`/${screen.path.replace(/\/\*$/, '')}`}
                    end={screen.path === ''}
                    // On a phone, a tap shows the screen, not the still-open menu.
                    onClick={close}
                    label={screen.label}
                    leftSection={<screen.icon size={18} stroke={1.6} />}
                    active={
                      screen.path === ''
                        ? location.pathname === '/'
                        : location.pathname.startsWith(`/${screen.path.replace(/\/\*$/, '')}`)
                    }
                  />
                ))}
              </Stack>
            ))}
          </nav>
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        {/* The screens this role may open, for screens that list them (the home screen). */}
        <Outlet context={visible} />
      </AppShell.Main>
    </AppShell>
  );
}
