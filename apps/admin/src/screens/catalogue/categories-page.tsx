import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import type { AdminCategory } from '@shop/contract/admin/catalogue';
import { ROOT_CATEGORY_ID } from '@shop/contract/catalogue';
import {
  IconArrowDown,
  IconArrowLeft,
  IconArrowRight,
  IconArrowUp,
  IconEye,
  IconEyeOff,
  IconGripVertical,
  IconPencil,
} from '@tabler/icons-react';
import { type DragEvent, type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { adminApi } from '../../api.ts';
import { FormError } from '../../forms/form-error.tsx';
import { notifyFailed, notifySaved } from '../../forms/notify.ts';
import { useSubmit } from '../../forms/use-submit.ts';
import { buildTree, type CategoryNode, categoryOptions, contains, flatten } from './category-tree.ts';

type Tree = { items: AdminCategory[] };
/** Where a dragged category lands: before the row, or inside it as its last child. */
type Drop = { targetId: number; place: 'before' | 'inside' };

/**
 * The category tree: add, rename, change the address, hide/show, and move or reorder — by drag
 * and drop (drop on the upper half of a row: before it; on the lower half: inside it), or with
 * the buttons of each row (up, down, indent under the category above, outdent), which work from
 * the keyboard and with screen readers.
 */
export default function CategoriesPage() {
  const [items, setItems] = useState<AdminCategory[] | null>(null);
  const [editing, setEditing] = useState<AdminCategory | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [drop, setDrop] = useState<Drop | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    adminApi
      .get<Tree>('categories')
      .then((t) => setItems(t.items))
      .catch(notifyFailed);
  }, []);
  useEffect(load, [load]);

  const roots = useMemo(() => buildTree(items ?? []), [items]);
  const rows = useMemo(() => flatten(roots), [roots]);
  const byId = useMemo(() => new Map(rows.map((r) => [r.id, r])), [rows]);
  const siblingsOf = (node: CategoryNode) =>
    node.parent_id === 0 ? roots : (byId.get(node.parent_id)?.children ?? []);

  async function change(call: () => Promise<Tree>, message: string) {
    setBusy(true);
    try {
      setItems((await call()).items);
      notifySaved(message);
    } catch (error) {
      notifyFailed(error);
      load();
    } finally {
      setBusy(false);
    }
  }

  const move = (node: CategoryNode, parentId: number, position: number, message: string) =>
    change(
      () => adminApi.post<Tree>(`categories/${node.id}/move`, { parent_id: parentId, position }),
      message,
    );

  function shift(node: CategoryNode, by: -1 | 1) {
    const ids = siblingsOf(node).map((s) => s.id);
    const at = ids.indexOf(node.id);
    const other = ids[at + by];
    if (other === undefined) return;
    ids[at + by] = node.id;
    ids[at] = other;
    void change(
      () => adminApi.put<Tree>('categories/order', { parent_id: node.parent_id, ids }),
      `${node.name} moved ${by < 0 ? 'up' : 'down'}.`,
    );
  }

  function indent(node: CategoryNode) {
    const siblings = siblingsOf(node);
    const above = siblings[siblings.indexOf(node) - 1];
    if (above) void move(node, above.id, above.children.length, `${node.name} is now under ${above.name}.`);
  }

  function outdent(node: CategoryNode) {
    const parent = byId.get(node.parent_id);
    if (!parent || parent.parent_id === 0) return;
    const grand = siblingsOf(parent);
    void move(node, parent.parent_id, grand.indexOf(parent) + 1, `${node.name} moved out of ${parent.name}.`);
  }

  function toggle(node: CategoryNode) {
    void change(
      async () => {
        await adminApi.patch(`categories/${node.id}`, { is_active: !node.is_active });
        return adminApi.get<Tree>('categories');
      },
      `${node.name} is now ${node.is_active ? 'hidden' : 'shown'} on the shop.`,
    );
  }

  function onDragOver(event: DragEvent<HTMLElement>, target: CategoryNode) {
    const source = dragged === null ? undefined : byId.get(dragged);
    if (!source || contains(source, target.id)) return; // not into itself or below itself
    event.preventDefault();
    const box = event.currentTarget.getBoundingClientRect();
    const place =
      event.clientY - box.top < box.height / 2 && target.id !== ROOT_CATEGORY_ID ? 'before' : 'inside';
    if (drop?.targetId !== target.id || drop.place !== place) setDrop({ targetId: target.id, place });
  }

  function onDrop(event: DragEvent<HTMLElement>, target: CategoryNode) {
    event.preventDefault();
    const source = dragged === null ? undefined : byId.get(dragged);
    const where = drop;
    setDragged(null);
    setDrop(null);
    if (!source || !where || contains(source, target.id)) return;
    if (where.place === 'inside') {
      void move(source, target.id, target.children.length, `${source.name} is now under ${target.name}.`);
      return;
    }
    const siblings = siblingsOf(target).filter((s) => s.id !== source.id);
    void move(source, target.parent_id, siblings.indexOf(target), `${source.name} moved.`);
  }

  return (
    <Stack gap="lg" maw={980}>
      <div>
        <Title order={1} size="h2">
          Categories
        </Title>
        <Text c="dimmed" size="sm">
          Drag a category onto the upper half of another to place it before, onto the lower half to put it
          inside. The arrow buttons do the same from the keyboard.
        </Text>
      </div>
      <AddCategory items={items ?? []} onAdded={load} />
      <Paper withBorder radius="md" p={0} aria-busy={busy || items === null}>
        <ul aria-label="Category tree" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {rows.map((node) => {
            const siblings = siblingsOf(node);
            const index = siblings.indexOf(node);
            const isRoot = node.id === ROOT_CATEGORY_ID;
            const marked = drop?.targetId === node.id ? drop.place : null;
            return (
              <Box
                component="li"
                key={node.id}
                data-testid={`category-${node.id}`}
                draggable={!isRoot}
                onDragStart={(e: DragEvent<HTMLElement>) => {
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', String(node.id));
                  setDragged(node.id);
                }}
                onDragEnd={() => {
                  setDragged(null);
                  setDrop(null);
                }}
                onDragOver={(e: DragEvent<HTMLElement>) => onDragOver(e, node)}
                onDrop={(e: DragEvent<HTMLElement>) => onDrop(e, node)}
                style={{
                  padding: `6px var(--mantine-spacing-sm) 6px calc(var(--mantine-spacing-sm) + ${node.depth * 20}px)`,
                  borderTop:
                    marked === 'before'
                      ? '2px solid var(--mantine-color-blue-6)'
                      : '1px solid var(--mantine-color-gray-2)',
                  background:
                    marked === 'inside'
                      ? 'var(--mantine-color-blue-0)'
                      : dragged === node.id
                        ? 'var(--mantine-color-gray-1)'
                        : undefined,
                  opacity: node.is_active ? 1 : 0.6,
                }}
              >
                {/* On a phone the six buttons leave a name a few letters: they wrap below it instead. */}
                <Group gap="xs" wrap="wrap" justify="space-between">
                  <Group gap={6} wrap="nowrap" style={{ minWidth: 0, flex: '1 1 11rem' }}>
                    {!isRoot && (
                      <IconGripVertical size={16} aria-hidden style={{ cursor: 'grab', flex: 'none' }} />
                    )}
                    <div style={{ minWidth: 0 }}>
                      <Text fw={node.depth < 2 ? 600 : 400} truncate>
                        {node.name}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        /{node.url_slug} · {node.products_count}{' '}
                        {node.products_count === 1 ? 'product' : 'products'}
                      </Text>
                    </div>
                    {!node.is_active && <Badge color="gray">Hidden</Badge>}
                  </Group>
                  {!isRoot && (
                    <Group gap={2} wrap="nowrap">
                      <RowButton
                        label={`Move ${node.name} up`}
                        disabled={busy || index <= 0}
                        onClick={() => shift(node, -1)}
                      >
                        <IconArrowUp size={16} />
                      </RowButton>
                      <RowButton
                        label={`Move ${node.name} down`}
                        disabled={busy || index >= siblings.length - 1}
                        onClick={() => shift(node, 1)}
                      >
                        <IconArrowDown size={16} />
                      </RowButton>
                      <RowButton
                        label={`Move ${node.name} out of its parent`}
                        disabled={busy || node.depth < 2}
                        onClick={() => outdent(node)}
                      >
                        <IconArrowLeft size={16} />
                      </RowButton>
                      <RowButton
                        label={`Move ${node.name} into the category above`}
                        disabled={busy || index <= 0}
                        onClick={() => indent(node)}
                      >
                        <IconArrowRight size={16} />
                      </RowButton>
                      <RowButton
                        label={`${node.is_active ? 'Hide' : 'Show'} ${node.name}`}
                        disabled={busy}
                        onClick={() => toggle(node)}
                      >
                        {node.is_active ? <IconEyeOff size={16} /> : <IconEye size={16} />}
                      </RowButton>
                      <RowButton label={`Edit ${node.name}`} disabled={busy} onClick={() => setEditing(node)}>
                        <IconPencil size={16} />
                      </RowButton>
                    </Group>
                  )}
                </Group>
              </Box>
            );
          })}
        </ul>
      </Paper>
      <EditCategory
        category={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          load();
        }}
      />
    </Stack>
  );
}

function RowButton(props: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <Tooltip label={props.label} openDelay={400}>
      <ActionIcon variant="subtle" aria-label={props.label} disabled={props.disabled} onClick={props.onClick}>
        {props.children}
      </ActionIcon>
    </Tooltip>
  );
}

function AddCategory({ items, onAdded }: { items: AdminCategory[]; onAdded: () => void }) {
  const [name, setName] = useState('');
  const [parent, setParent] = useState<string | null>(String(ROOT_CATEGORY_ID));
  const { submit, submitting, formError, fieldErrors } = useSubmit(['name', 'parent_id']);
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const made = await submit(() =>
      adminApi.post<AdminCategory>('categories', { name, parent_id: Number(parent ?? ROOT_CATEGORY_ID) }),
    );
    if (made) {
      notifySaved(`Category ${made.name} added.`);
      setName('');
      onAdded();
    }
  }
  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={onSubmit} aria-label="Add a category">
      <Stack gap="sm">
        <FormError message={formError} />
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="New category"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={fieldErrors.name}
            required
            w={{ base: '100%', sm: 260 }}
          />
          <Select
            label="Under"
            data={categoryOptions(items)}
            value={parent}
            onChange={setParent}
            searchable
            allowDeselect={false}
            error={fieldErrors.parent_id}
            w={{ base: '100%', sm: 300 }}
          />
          <Button type="submit" loading={submitting}>
            Add category
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function EditCategory(props: { category: AdminCategory | null; onClose: () => void; onSaved: () => void }) {
  const { category } = props;
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [active, setActive] = useState(true);
  const { submit, submitting, formError, fieldErrors, clear } = useSubmit(['name', 'url_slug', 'is_active']);
  useEffect(() => {
    if (!category) return;
    setName(category.name);
    setSlug(category.url_slug);
    setActive(category.is_active);
    clear();
  }, [category, clear]);
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!category) return;
    const saved = await submit(() =>
      adminApi.patch<AdminCategory>(`categories/${category.id}`, { name, url_slug: slug, is_active: active }),
    );
    if (saved) {
      notifySaved(`Category ${saved.name} saved.`);
      props.onSaved();
    }
  }
  return (
    <Modal opened={category !== null} onClose={props.onClose} title="Edit category">
      <form onSubmit={onSubmit}>
        <Stack gap="sm">
          <FormError message={formError} />
          <TextInput
            label="Name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={fieldErrors.name}
            required
          />
          <TextInput
            label="Address (slug)"
            description="Old addresses keep working: they lead to the new one."
            value={slug}
            onChange={(e) => setSlug(e.currentTarget.value)}
            error={fieldErrors.url_slug}
            required
          />
          {category && category.old_slugs.length > 0 && (
            <Text size="xs" c="dimmed">
              Earlier addresses: {category.old_slugs.map((s) => `/${s}`).join(', ')}
            </Text>
          )}
          <Switch
            label="Shown on the shop"
            checked={active}
            onChange={(e) => setActive(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
