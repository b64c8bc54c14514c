import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link, useOutletContext } from 'react-router';
import type { AdminScreen } from '../../screen-types.ts';
import { useSession } from '../../session.tsx';

/**
 * The first screen after sign-in. Until the dashboard (sales, orders to pack, low stock) arrives,
 * it says plainly what this back office can do today: one card per screen this role may open.
 */
export default function HomePage() {
  const { staff } = useSession();
  const available = useOutletContext<AdminScreen[]>().filter((s) => s.path !== '');
  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1} size="h2">
          Namaste, {staff?.name}
        </Title>
        <Text c="dimmed">
          The dashboard with today's orders, sales and low stock will appear here. For now, these are the
          screens your role can use:
        </Text>
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
