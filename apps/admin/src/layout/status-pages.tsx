import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

function StatusPage({ code, title, text }: { code: number; title: string; text: string }) {
  return (
    <Center mih={360}>
      <Stack align="center" gap="xs" ta="center">
        <Text fz={56} fw={800} c="saffron.7" lh={1}>
          {code}
        </Text>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed" maw={420}>
          {text}
        </Text>
        <Button component={Link} to="/" variant="light" mt="sm">
          Back to the home screen
        </Button>
      </Stack>
    </Center>
  );
}

/** A screen the signed-in role may not use (the server would refuse its calls with 403 too). */
export function ForbiddenPage() {
  return (
    <StatusPage
      code={403}
      title="You do not have permission to do this."
      text="Your role does not include this screen. Ask the shop's owner if you need it."
    />
  );
}

export function NotFoundPage() {
  return (
    <StatusPage code={404} title="Page not found" text="There is no back-office screen at this address." />
  );
}
