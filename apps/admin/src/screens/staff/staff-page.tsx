import { Title } from '@mantine/core';

export default function Page() {
  return (
    <Title order={1} size="h2">
      Staff
    </Title>
  );
}
