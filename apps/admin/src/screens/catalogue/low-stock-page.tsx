import { Badge, Button, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { AdminProductRow } from '@shop/contract/admin/catalogue';
import { useState } from 'react';
import { ServerTable } from '../../tables/server-table.tsx';
import { stockBadge } from './products-page.tsx';
import { StockDialog } from './stock-dialog.tsx';

/**
 * Products at or below their low-stock threshold (their own, or the shop's default), fewest
 * first, with the stock dialog one click away: what to reorder today. "All products" lists every
 * product: the staff role adjusts stock but has no product list, and a delivery of a product that
 * is not running low is recorded here too.
 */
export default function LowStockPage() {
  const [stockOf, setStockOf] = useState<AdminProductRow | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const [scope, setScope] = useState<'low' | 'all'>('low');
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Low stock
        </Title>
        <Text c="dimmed" size="sm">
          {scope === 'low'
            ? 'Products at or below their low-stock threshold, hidden ones included.'
            : 'Every product, hidden ones included: record a delivery, damage or a count of any of them.'}
        </Text>
      </div>
      <ServerTable<AdminProductRow>
        path="stock/low"
        filters={{ scope }}
        toolbar={
          <SegmentedControl
            aria-label="Which products"
            value={scope}
            onChange={(value) => setScope(value === 'all' ? 'all' : 'low')}
            data={[
              { value: 'low', label: 'Running low' },
              { value: 'all', label: 'All products' },
            ]}
          />
        }
        search="Search name or id"
        defaultSort={{ key: 'available_stock', direction: 'asc' }}
        reloadKey={reloadKey}
        noRecordsText={scope === 'low' ? 'Nothing is running low.' : 'No product matches.'}
        columns={[
          { accessor: 'name', title: 'Product', sortable: true },
          { accessor: 'category_name', title: 'Category' },
          {
            accessor: 'available_stock',
            title: 'Stock',
            sortable: true,
            textAlign: 'right',
            render: (p) => (
              <Badge color={stockBadge[p.stock_state].color}>
                {p.available_stock} / {p.low_stock_threshold}
              </Badge>
            ),
          },
          {
            accessor: 'actions',
            title: '',
            textAlign: 'right',
            render: (p) => (
              <Button
                size="xs"
                variant="light"
                onClick={() => setStockOf(p)}
                aria-label={`Adjust stock of ${p.name}`}
              >
                Adjust stock
              </Button>
            ),
          },
        ]}
      />
      <StockDialog
        product={stockOf}
        onClose={() => setStockOf(null)}
        onChanged={() => setReloadKey((k) => k + 1)}
      />
    </Stack>
  );
}
