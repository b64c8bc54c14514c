import { ActionIcon, Group, Text } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';

/** − qty + for a cart line; + stops at the known stock, − to 0 removes the line (cart store). */
export function QuantityStepper({
  name,
  qty,
  max,
  onChange,
}: {
  name: string;
  qty: number;
  max: number;
  onChange: (qty: number) => void;
}) {
  return (
    <Group gap={6} wrap="nowrap" role="group" aria-label={`Quantity of ${name}`}>
      <ActionIcon
        variant="light"
        color="maroon"
        size={32}
        aria-label={`Decrease quantity of ${name}`}
        onClick={() => onChange(qty - 1)}
      >
        <IconMinus size={16} aria-hidden />
      </ActionIcon>
      <Text fw={700} miw={28} ta="center" aria-live="polite" data-testid="line-qty">
        {qty}
      </Text>
      <ActionIcon
        variant="light"
        color="maroon"
        size={32}
        aria-label={`Increase quantity of ${name}`}
        disabled={qty >= max}
        onClick={() => onChange(qty + 1)}
      >
        <IconPlus size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
