import { Button, Center, Stack, Text, Title } from '@mantine/core';

/** The shop did not answer the session check (offline, restarting): say so and offer a retry. */
export function LoadFailed({ retry }: { retry: () => void }) {
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm">
        <Title order={2}>The back office could not reach the shop</Title>
        <Text c="dimmed">Check your connection, then try again.</Text>
        <Button onClick={retry}>Try again</Button>
      </Stack>
    </Center>
  );
}
