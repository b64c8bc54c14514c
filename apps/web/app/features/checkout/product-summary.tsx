import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { productImageUrl } from '@shop/contract/media';
import { formatInr } from '@shop/contract/money';
import classes from './checkout.module.css';

export interface SummaryLine {
  id: number;
  name: string;
  image: string | null;
  price: number;
  qty: number;
  weight?: number;
}

/** The products of a cart or order with 50 px images, '₹price x qty' and the line total. */
export function ProductSummary({ lines, title }: { lines: SummaryLine[]; title: string }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {lines.map((l) => (
            <Group key={l.id} component="li" wrap="nowrap" gap="sm" data-testid="summary-line">
              <img
                src={l.image ? productImageUrl(l.id, l.image, '120x120') : undefined}
                alt={l.name}
                className={classes.thumbSmall}
                width={50}
                height={50}
              />
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600} size="sm" lineClamp={2}>
                  {l.name}
                  {l.weight ? ` (${l.weight} gm)` : ''}
                </Text>
                <Text size="sm" c="gray.7">
                  {formatInr(l.price)} x {l.qty}
                </Text>
              </Stack>
              <Text fw={700} size="sm">
                {formatInr((Math.round(l.price * 100) * l.qty) / 100)}
              </Text>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
