import { Alert, Group, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Collection } from '@shop/contract/collection';
import { IconSearch } from '@tabler/icons-react';
import {
  DataTable,
  type DataTableColumn,
  type DataTableRowExpansionProps,
  type DataTableSortStatus,
} from 'mantine-datatable';
import { type Key, type ReactNode, useEffect, useRef, useState } from 'react';
import { AdminApiError, adminApi, type Query } from '../api.ts';
import { useUrlParam } from './url-state.ts';

const PAGE_SIZES = [20, 50, 100, 200];

export interface ServerTableProps<T> {
  /** The API collection, relative to /backend/api/admin (a Yii2 `{ items, _meta }` answer). */
  path: string;
  columns: DataTableColumn<T>[];
  /** The screen's own filters, sent as they are; a change goes back to page 1. */
  filters?: Query;
  /** Sort when the URL names none: an API sort key and direction. */
  defaultSort?: { key: string; direction: 'asc' | 'desc' };
  /** Label of the search box (sent as `q`); false hides it. */
  search?: string | false;
  /** Inputs shown beside the search box (filters, buttons). */
  toolbar?: ReactNode;
  idAccessor?: keyof T | ((record: T) => Key);
  /** Change it to fetch the current page again (after an action changed rows). */
  reloadKey?: number;
  noRecordsText?: string;
  /** Rows ticked for a bulk action; the screen keeps them. */
  selectedRecords?: T[];
  onSelectedRecordsChange?: (records: T[]) => void;
  /** Details shown under a row when it is clicked. */
  rowExpansion?: DataTableRowExpansionProps<T>;
}

/**
 * The back office's list: paging, sorting and search happen on the server (lists of 10,000+
 * products), through the API's Yii2 query parameters `page`, `per-page`, `sort` (`-name` for
 * descending) and `q`. The same values live in the page's URL, so a reload or a shared link
 * shows the same rows. A column is sortable when its `sortable` is set; its `accessor` (or
 * `sortKey`) is the API's sort name.
 */
export function ServerTable<T>({
  path,
  columns,
  filters,
  defaultSort,
  search = 'Search',
  toolbar,
  idAccessor,
  reloadKey,
  noRecordsText = 'Nothing to show.',
  selectedRecords,
  onSelectedRecordsChange,
  rowExpansion,
}: ServerTableProps<T>) {
  const [pageParam, setPage] = useUrlParam('page', '1');
  const [perPageParam, setPerPage] = useUrlParam('per-page', String(PAGE_SIZES[0]));
  const defaultSortParam = defaultSort
    ? `${defaultSort.direction === 'desc' ? '-' : ''}${defaultSort.key}`
    : '';
  const [sort, setSort] = useUrlParam('sort', defaultSortParam);
  const [q, setQ] = useUrlParam('q');
  const [typed, setTyped] = useState(q);
  const [debounced] = useDebouncedValue(typed, 300);
  const page = Math.max(1, Number.parseInt(pageParam, 10) || 1);
  const perPage = PAGE_SIZES.includes(Number(perPageParam)) ? Number(perPageParam) : (PAGE_SIZES[0] ?? 20);

  // The box follows the URL too: a saved view or the back button can change `q` from outside.
  // Only a settled value the box typed itself is written back (never a stale debounced one).
  const lastQ = useRef(q);
  useEffect(() => {
    if (q !== lastQ.current) {
      lastQ.current = q;
      setTyped(q);
    }
  }, [q]);
  useEffect(() => {
    if (debounced === typed && debounced !== lastQ.current) {
      lastQ.current = debounced;
      setQ(debounced);
    }
  }, [debounced, typed, setQ]);

  const [data, setData] = useState<Collection<T> | null>(null);
  const [fetching, setFetching] = useState(true);
  const [error, setError] = useState<string | null>(null);
  // Filters typed into a text box settle before they are sent (one request, not one per key).
  const [filterKey] = useDebouncedValue(JSON.stringify(filters ?? {}), 300);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey only asks for a fetch
  useEffect(() => {
    let live = true;
    setFetching(true);
    adminApi
      .get<Collection<T>>(path, { ...(JSON.parse(filterKey) as Query), page, 'per-page': perPage, sort, q })
      .then((answer) => {
        if (!live) return;
        setData(answer);
        setError(null);
      })
      .catch((failure: unknown) => {
        if (!live) return;
        setError(failure instanceof AdminApiError ? failure.message : 'The list could not be loaded.');
      })
      .finally(() => live && setFetching(false));
    return () => {
      live = false;
    };
  }, [path, filterKey, page, perPage, sort, q, reloadKey]);

  const sortStatus: DataTableSortStatus<T> | undefined = sort
    ? {
        columnAccessor: sort.replace(/^-/, ''),
        sortKey: sort.replace(/^-/, ''),
        direction: sort.startsWith('-') ? 'desc' : 'asc',
      }
    : undefined;

  const selection =
    selectedRecords && onSelectedRecordsChange ? { selectedRecords, onSelectedRecordsChange } : {};

  return (
    <Stack gap="sm">
      {(search !== false || toolbar) && (
        <Group gap="sm" align="flex-end" wrap="wrap">
          {search !== false && (
            <TextInput
              label={search}
              leftSection={<IconSearch size={16} />}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              type="search"
              w={{ base: '100%', xs: 280 }}
            />
          )}
          {toolbar}
        </Group>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <DataTable<T>
        withTableBorder
        borderRadius="md"
        striped
        highlightOnHover
        minHeight={data?.items.length ? undefined : 180}
        columns={columns}
        records={data?.items ?? []}
        idAccessor={idAccessor as never}
        fetching={fetching}
        noRecordsText={noRecordsText}
        totalRecords={data?._meta.totalCount ?? 0}
        recordsPerPage={perPage}
        page={page}
        onPageChange={(next) => setPage(String(next))}
        recordsPerPageOptions={PAGE_SIZES}
        onRecordsPerPageChange={(size) => setPerPage(String(size))}
        recordsPerPageLabel="Rows per page"
        paginationText={({ from, to, totalRecords }) =>
          `${from}–${to} of ${totalRecords.toLocaleString('en-IN')}`
        }
        sortStatus={sortStatus ?? { columnAccessor: '', direction: 'asc' }}
        onSortStatusChange={(status) =>
          setSort(
            `${status.direction === 'desc' ? '-' : ''}${status.sortKey ?? String(status.columnAccessor)}`,
          )
        }
        {...selection}
        {...(rowExpansion
          ? {
              rowExpansion: {
                ...rowExpansion,
                // A message or grievance typed without spaces wraps in its row instead of widening
                // the whole table (and pushing its last columns out of sight).
                content: (params) => (
                  <div style={{ overflowWrap: 'anywhere' }}>{rowExpansion.content(params)}</div>
                ),
              },
            }
          : {})}
      />
    </Stack>
  );
}
