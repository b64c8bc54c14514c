import { Button, Group, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

/** A list screen's heading with its button for a new row ("New carrier"), which opens the editor. */
export function ListHeader({
  title,
  newLabel,
  onNew,
}: {
  title: string;
  newLabel: string;
  onNew: () => void;
}) {
  return (
    <Group justify="space-between">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Button leftSection={<IconPlus size={16} />} onClick={onNew}>
        {newLabel}
      </Button>
    </Group>
  );
}
