import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link, useOutletContext } from 'react-router';
import type { AdminScreen } from '../../screen-types.ts';
import { useSession } from '../../session.tsx';

/** The charts library is large: loaded only for staff who see the dashboard. */
const DashboardPanel = lazy(() =>
  import('../dashboard/dashboard-panel.tsx').then((m) => ({ default: m.DashboardPanel })),
);

/**
 * The first screen after sign-in: the dashboard for staff who handle orders; for the others, one
 * card per screen their role may open.
 */
export default function HomePage() {
  const { staff } = useSession();
  const available = useOutletContext<AdminScreen[]>().filter((s) => s.path !== '' && s.nav !== false);
  if (staff?.permissions.includes('orders'))
    return (
      <Stack gap="lg" maw={1400}>
        <Title order={1} size="h2">
          Namaste, {staff.name}
        </Title>
        <Suspense fallback={<Text c="dimmed">Loading…</Text>}>
          <DashboardPanel />
        </Suspense>
      </Stack>
    );
  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1} size="h2">
          Namaste, {staff?.name}
        </Title>
        <Text c="dimmed">These are the screens your role can use:</Text>
      </div>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        {available.map((screen) => (
          <Card
            key={screen.path}
            component={Link}
            to={`/${screen.path.replace(/\/\*$/, '')}`}
            withBorder
            padding="md"
            radius="md"
          >
            <Stack gap="xs">
              <ThemeIcon variant="light" size="lg">
                <screen.icon size={20} />
              </ThemeIcon>
              <Text fw={600}>{screen.label}</Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
