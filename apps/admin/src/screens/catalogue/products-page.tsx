import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Menu,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import type {
  AdminCategory,
  AdminProductRow,
  BulkAction,
  BulkResult,
  ProductFilter,
  StockState,
} from '@shop/contract/admin/catalogue';
import { formatPaise } from '@shop/contract/money';
import { IconBoxSeam, IconChevronDown, IconPencil, IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { adminApi } from '../../api.ts';
import { notifyFailed, notifySaved } from '../../forms/notify.ts';
import { ServerTable } from '../../tables/server-table.tsx';
import { useUrlParam } from '../../tables/url-state.ts';
import { categoryOptions } from './category-tree.ts';
import { StockDialog } from './stock-dialog.tsx';

export const stockBadge: Record<StockState, { color: string; label: string }> = {
  in_stock: { color: 'green', label: 'In stock' },
  low: { color: 'orange', label: 'Low' },
  out: { color: 'red', label: 'Out of stock' },
};

/**
 * Every product, hidden ones too: search by name or id, filter by category (with its
 * sub-categories), visibility, featured and stock; sort by the column heads; tick products (or
 * take every product the filters match) for a bulk action.
 */
export default function ProductsPage() {
  const [categories, setCategories] = useState<AdminCategory[]>([]);
  const [category, setCategory] = useUrlParam('category_id');
  const [visibility, setVisibility] = useUrlParam('visibility');
  const [featured, setFeatured] = useUrlParam('featured');
  const [stock, setStock] = useUrlParam('stock');
  const [q] = useUrlParam('q');
  const [selected, setSelected] = useState<AdminProductRow[]>([]);
  const [reloadKey, setReloadKey] = useState(0);
  const [stockOf, setStockOf] = useState<AdminProductRow | null>(null);

  useEffect(() => {
    adminApi
      .get<{ items: AdminCategory[] }>('categories')
      .then((t) => setCategories(t.items))
      .catch(notifyFailed);
  }, []);
  const options = useMemo(() => categoryOptions(categories), [categories]);

  const filters = {
    category_id: category || undefined,
    include_subcategories: category ? 'true' : undefined,
    visibility: visibility || undefined,
    featured: featured || undefined,
    stock: stock || undefined,
  };
  const filter: ProductFilter = {
    ...(q ? { q } : {}),
    ...(category ? { category_id: Number(category), include_subcategories: true } : {}),
    ...(visibility ? { visibility: visibility as 'visible' | 'hidden' } : {}),
    ...(featured ? { featured: featured === 'true' } : {}),
    ...(stock ? { stock: stock as ProductFilter['stock'] } : {}),
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          Products
        </Title>
        <Button component={Link} to="/catalogue/products/new" leftSection={<IconPlus size={16} />}>
          New product
        </Button>
      </Group>
      <BulkBar
        selected={selected}
        filter={filter}
        categories={options}
        onDone={() => {
          setSelected([]);
          setReloadKey((k) => k + 1);
        }}
      />
      <ServerTable<AdminProductRow>
        path="products"
        search="Search name or id"
        filters={filters}
        defaultSort={{ key: 'id', direction: 'desc' }}
        reloadKey={reloadKey}
        selectedRecords={selected}
        onSelectedRecordsChange={setSelected}
        noRecordsText="No products match."
        toolbar={
          <>
            <Select
              label="Category"
              data={options}
              value={category || null}
              onChange={(v) => setCategory(v ?? '')}
              searchable
              clearable
              w={{ base: '100%', xs: 240 }}
            />
            <Select
              label="Visibility"
              data={[
                { value: 'visible', label: 'Shown' },
                { value: 'hidden', label: 'Hidden' },
              ]}
              value={visibility || null}
              onChange={(v) => setVisibility(v ?? '')}
              clearable
              w={{ base: '48%', xs: 130 }}
            />
            <Select
              label="Featured"
              data={[
                { value: 'true', label: 'Featured' },
                { value: 'false', label: 'Not featured' },
              ]}
              value={featured || null}
              onChange={(v) => setFeatured(v ?? '')}
              clearable
              w={{ base: '48%', xs: 150 }}
            />
            <Select
              label="Stock"
              data={[
                { value: 'in_stock', label: 'In stock' },
                { value: 'low', label: 'Low' },
                { value: 'out', label: 'Out of stock' },
                { value: 'reorder', label: 'Low or out' },
              ]}
              value={stock || null}
              onChange={(v) => setStock(v ?? '')}
              clearable
              w={{ base: '100%', xs: 150 }}
            />
          </>
        }
        columns={[
          { accessor: 'id', title: 'Id', sortable: true, width: 80 },
          {
            accessor: 'name',
            title: 'Product',
            sortable: true,
            render: (p) => (
              <div>
                <Anchor component={Link} to={`/catalogue/products/${p.id}`} fw={500}>
                  {p.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {p.category_name}
                </Text>
              </div>
            ),
          },
          {
            accessor: 'selling_price',
            title: 'Price',
            sortable: true,
            textAlign: 'right',
            render: (p) => (
              <div>
                <Text size="sm">{formatPaise(p.selling_price_paise)}</Text>
                {p.mrp_paise !== null && p.mrp_paise !== p.selling_price_paise && (
                  <Text size="xs" c="dimmed" td="line-through">
                    {formatPaise(p.mrp_paise)}
                  </Text>
                )}
              </div>
            ),
          },
          {
            accessor: 'available_stock',
            title: 'Stock',
            sortable: true,
            textAlign: 'right',
            render: (p) => (
              <Group gap={6} justify="flex-end" wrap="nowrap">
                <Text size="sm">{p.available_stock}</Text>
                {p.stock_state !== 'in_stock' && (
                  <Badge size="sm" color={stockBadge[p.stock_state].color}>
                    {stockBadge[p.stock_state].label}
                  </Badge>
                )}
              </Group>
            ),
          },
          {
            accessor: 'is_active',
            title: 'Shown',
            render: (p) => (
              <Group gap={4}>
                {p.is_active ? <Badge variant="light">Shown</Badge> : <Badge color="gray">Hidden</Badge>}
                {p.featured && <Badge color="yellow">Featured</Badge>}
              </Group>
            ),
          },
          {
            accessor: 'actions',
            title: '',
            textAlign: 'right',
            render: (p) => (
              <Group gap={2} justify="flex-end" wrap="nowrap">
                <Tooltip label="Stock">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Stock of ${p.name}`}
                    onClick={() => setStockOf(p)}
                  >
                    <IconBoxSeam size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Edit">
                  <ActionIcon
                    variant="subtle"
                    component={Link}
                    to={`/catalogue/products/${p.id}`}
                    aria-label={`Edit ${p.name}`}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
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

/** The bulk actions on the ticked products, or on every product the filters match. */
function BulkBar(props: {
  selected: AdminProductRow[];
  filter: ProductFilter;
  categories: { value: string; label: string }[];
  onDone: () => void;
}) {
  const [allMatching, setAllMatching] = useState(false);
  const [dialog, setDialog] = useState<'price' | 'move' | null>(null);
  const [percent, setPercent] = useState<number | string>(5);
  const [rounding, setRounding] = useState<'rupee' | 'paise'>('rupee');
  const [target, setTarget] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const count = props.selected.length;
  if (count === 0 && !allMatching)
    return (
      <Checkbox
        label="Apply bulk actions to every product the filters match"
        checked={allMatching}
        onChange={(e) => setAllMatching(e.currentTarget.checked)}
      />
    );

  async function run(change: BulkAction) {
    setBusy(true);
    try {
      const result = await adminApi.post<BulkResult>('products/bulk', {
        target: allMatching ? { filter: props.filter } : { ids: props.selected.map((p) => p.id) },
        change,
      });
      const capped = result.capped_at_mrp ? ` (${result.capped_at_mrp} held at their MRP)` : '';
      notifySaved(`${result.changed} of ${result.matched} products changed${capped}.`);
      setDialog(null);
      props.onDone();
    } catch (error) {
      notifyFailed(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder p="sm" radius="md" bg="blue.0">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Text fw={500}>{allMatching ? 'Every product the filters match' : `${count} selected`}</Text>
          <Checkbox
            label="All matching the filters"
            checked={allMatching}
            onChange={(e) => setAllMatching(e.currentTarget.checked)}
          />
        </Group>
        <Menu position="bottom-end">
          <Menu.Target>
            <Button rightSection={<IconChevronDown size={16} />} loading={busy}>
              Bulk action
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => run({ action: 'show' })}>Show on the shop</Menu.Item>
            <Menu.Item onClick={() => run({ action: 'hide' })}>Hide from the shop</Menu.Item>
            <Menu.Item onClick={() => run({ action: 'feature' })}>Feature</Menu.Item>
            <Menu.Item onClick={() => run({ action: 'unfeature' })}>Stop featuring</Menu.Item>
            <Menu.Item onClick={() => setDialog('price')}>Change price by %…</Menu.Item>
            <Menu.Item onClick={() => setDialog('move')}>Move to category…</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Modal
        opened={dialog === 'price'}
        onClose={() => setDialog(null)}
        title="Change prices by a percentage"
      >
        <Stack gap="sm">
          <NumberInput
            label="Change (%)"
            description="Negative for a discount, e.g. −10. A price never rises above its MRP."
            value={percent}
            onChange={setPercent}
            decimalScale={2}
            allowNegative
            min={-90}
            max={500}
          />
          <SegmentedControl
            value={rounding}
            onChange={(v) => setRounding(v as 'rupee' | 'paise')}
            data={[
              { value: 'rupee', label: 'Round to whole ₹' },
              { value: 'paise', label: 'Keep paise' },
            ]}
          />
          <Button
            loading={busy}
            onClick={() => run({ action: 'price', percent: Number(percent), rounding })}
            disabled={!Number(percent)}
          >
            Change prices
          </Button>
        </Stack>
      </Modal>
      <Modal opened={dialog === 'move'} onClose={() => setDialog(null)} title="Move to a category">
        <Stack gap="sm">
          <Select label="Category" data={props.categories} value={target} onChange={setTarget} searchable />
          <Button
            loading={busy}
            disabled={!target}
            onClick={() => run({ action: 'move', category_id: Number(target) })}
          >
            Move products
          </Button>
        </Stack>
      </Modal>
    </Paper>
  );
}
