import { Badge, Code, Container, Group, Table, Text, Title } from '@mantine/core';
import { InnerPageBanner } from '../../components/inner-page-banner.tsx';
import classes from './content.module.css';

export interface DebugRow {
  key: string;
  value: string;
}

interface Props {
  title: string;
  caption: string;
  keyLabel: string;
  valueLabel: string;
  rows: DebugRow[];
}

/** A developer's view of key/value data (settings, content blocks); values shown as raw text. */
export function DebugTable({ title, caption, keyLabel, valueLabel, rows }: Props) {
  return (
    <>
      <InnerPageBanner title={title} />
      <Container size="xl" className={classes.page}>
        <Group justify="space-between" mb="md">
          <Text c="gray.7">{caption}</Text>
          <Badge color="maroon" variant="light" size="lg">
            Development only
          </Badge>
        </Group>
        <Table.ScrollContainer minWidth={320}>
          <Table striped highlightOnHover withTableBorder verticalSpacing="sm" data-testid="debug-table">
            <Table.Caption>{`${rows.length} ${rows.length === 1 ? 'entry' : 'entries'}`}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" w="30%">
                  {keyLabel}
                </Table.Th>
                <Table.Th scope="col">{valueLabel}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key}>
                  <Table.Td>
                    <Code fz="sm" className={classes.debugKey}>
                      {row.key}
                    </Code>
                  </Table.Td>
                  <Table.Td className={classes.debugValue}>{row.value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {rows.length === 0 && (
          <Title order={2} fz="h4" ta="center" c="gray.7" mt="xl">
            Nothing stored yet.
          </Title>
        )}
      </Container>
    </>
  );
}
