import { Badge, Image, Tabs, Text, Title, Stack } from '@mantine/core';
import { bannerCategories, menuCategories } from '@shop/contract/content';
import { ContentItems, type KindSpec, type Row, choices, mediaSrc } from './content-items.tsx';
import { formatDateTime } from '../../forms/dates.ts';

const thumb = (folder: string) => (row: Row) =>
  mediaSrc(folder, row.image) ? (
    <Image src={mediaSrc(folder, row.image)} alt="" h={36} w={64} fit="contain" />
  ) : (
    '—'
  );

const displayOrder = {
  name: 'display_order',
  label: 'Position',
  kind: 'number',
  description: 'Smaller numbers come first.',
} as const;

const imageNote =
  'Pick an image already in the media library, or upload a new JPEG, PNG or WebP (at most 10 MB); the shop makes the smaller copies pages need.';

const banners: KindSpec = {
  path: 'content/banners',
  noun: 'banner',
  note: `A banner shows while it is on and inside its optional schedule. ${imageNote}`,
  empty: {
    category: 'Homepage Banners',
    name: '',
    url: null,
    image: '',
    display_order: 0,
    is_active: true,
    starts_at: null,
    ends_at: null,
  },
  fields: [
    {
      name: 'category',
      label: 'Where it shows',
      kind: 'select',
      required: true,
      options: choices(bannerCategories),
    },
    { name: 'name', label: 'Name', kind: 'text', description: 'Read out to screen readers; not shown.' },
    { name: 'image', label: 'Image', kind: 'image', folder: 'banners', required: true },
    {
      name: 'url',
      label: 'Link',
      kind: 'text',
      description: 'Where a click goes: a path such as /category/3/1/snacks, or https://…',
    },
    displayOrder,
    { name: 'is_active', label: 'On', kind: 'switch' },
    { name: 'starts_at', label: 'Show from', kind: 'datetime', description: 'Empty: from now.' },
    { name: 'ends_at', label: 'Show until', kind: 'datetime', description: 'Empty: until switched off.' },
  ],
  columns: [
    { accessor: 'image', title: '', render: thumb('banners') },
    { accessor: 'category', title: 'Where' },
    { accessor: 'name', title: 'Name' },
    {
      accessor: 'live',
      title: 'Now',
      render: (b) =>
        b.live ? <Badge color="green">Showing</Badge> : <Badge color="gray">Not showing</Badge>,
    },
    {
      accessor: 'schedule',
      title: 'Schedule',
      render: (b) =>
        b.starts_at || b.ends_at
          ? `${formatDateTime(b.starts_at as string | null)} → ${formatDateTime(b.ends_at as string | null)}`
          : 'Always',
    },
  ],
};

const testimonials: KindSpec = {
  path: 'content/testimonials',
  noun: 'testimonial',
  note: `Shown in “What people say” on the home page. ${imageNote}`,
  empty: { name: '', designation: '', image: null, description: '', display_order: 0 },
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true },
    { name: 'designation', label: 'Who they are', kind: 'text', description: 'e.g. Home cook, Jaipur' },
    { name: 'description', label: 'What they said', kind: 'textarea', required: true },
    { name: 'image', label: 'Photo', kind: 'image', folder: 'clienttestimonials' },
    displayOrder,
  ],
  columns: [
    { accessor: 'image', title: '', render: thumb('clienttestimonials') },
    { accessor: 'name', title: 'Name' },
    { accessor: 'designation', title: 'Who' },
    { accessor: 'display_order', title: 'Position' },
  ],
};

const photos: KindSpec = {
  path: 'content/gallery-photos',
  noun: 'gallery photo',
  note: `The photo gallery at /gallery/<album>. ${imageNote}`,
  empty: { category: 'events', name: '', image: '', display_order: 0 },
  fields: [
    { name: 'category', label: 'Album', kind: 'text', required: true, description: 'e.g. events, factory' },
    { name: 'name', label: 'Caption', kind: 'text', required: true },
    { name: 'image', label: 'Image', kind: 'image', folder: 'imagegallery', required: true },
    displayOrder,
  ],
  columns: [
    { accessor: 'image', title: '', render: thumb('imagegallery') },
    { accessor: 'category', title: 'Album' },
    { accessor: 'name', title: 'Caption' },
  ],
};

const videos: KindSpec = {
  path: 'content/gallery-videos',
  noun: 'gallery video',
  note: 'The video gallery. Paste a YouTube link or video id.',
  empty: { category: 'events', name: '', video_id: '', display_order: 0 },
  fields: [
    { name: 'category', label: 'Album', kind: 'text', required: true },
    { name: 'name', label: 'Title', kind: 'text' },
    { name: 'video_id', label: 'YouTube link or id', kind: 'text', required: true },
    displayOrder,
  ],
  columns: [
    { accessor: 'category', title: 'Album' },
    { accessor: 'name', title: 'Title' },
    { accessor: 'video_id', title: 'Video' },
  ],
};

const menuLabel = (rows: Row[], row: Row): string => {
  const parent = rows.find((r) => r.id === row.parent_id);
  return parent ? `${menuLabel(rows, parent)} › ${String(row.name)}` : String(row.name);
};

const menus: KindSpec = {
  path: 'content/menus',
  noun: 'menu item',
  note: 'The header menu and the footer’s quick links; up to three levels (Products › Food › Sweets).',
  empty: { category: 'header-menus', parent_id: 0, name: '', url: '/', display_order: 0 },
  fields: [
    {
      name: 'category',
      label: 'Menu',
      kind: 'select',
      required: true,
      options: () =>
        menuCategories.map((c) => ({
          value: c,
          label: c === 'header-menus' ? 'Header' : 'Footer quick links',
        })),
    },
    {
      name: 'parent_id',
      label: 'Under',
      kind: 'select',
      numeric: true,
      options: (rows, draft) => [
        { value: '0', label: '(top level)' },
        ...rows
          .filter((r) => r.category === draft.category && r.id !== draft.id)
          .map((r) => ({ value: String(r.id), label: menuLabel(rows, r) })),
      ],
    },
    { name: 'name', label: 'Label', kind: 'text', required: true },
    {
      name: 'url',
      label: 'Link',
      kind: 'text',
      required: true,
      description: 'A path such as /page/about-us, or https://…',
    },
    displayOrder,
  ],
  columns: [
    {
      accessor: 'category',
      title: 'Menu',
      render: (m) => (m.category === 'header-menus' ? 'Header' : 'Footer'),
    },
    { accessor: 'name', title: 'Item' },
    { accessor: 'url', title: 'Link' },
    { accessor: 'display_order', title: 'Position' },
  ],
};

/** Banners, testimonials, galleries and menus: everything the storefront shows around the products. */
export default function SiteContentPage() {
  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Title order={1} size="h2">
          Site content
        </Title>
        <Text c="dimmed" size="sm">
          Changes show on the storefront within a second of saving.
        </Text>
      </div>
      <Tabs defaultValue="banners" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="banners">Banners</Tabs.Tab>
          <Tabs.Tab value="testimonials">Testimonials</Tabs.Tab>
          <Tabs.Tab value="photos">Photo gallery</Tabs.Tab>
          <Tabs.Tab value="videos">Video gallery</Tabs.Tab>
          <Tabs.Tab value="menus">Menus</Tabs.Tab>
        </Tabs.List>
        {(
          [
            ['banners', banners],
            ['testimonials', testimonials],
            ['photos', photos],
            ['videos', videos],
            ['menus', menus],
          ] as const
        ).map(([value, spec]) => (
          <Tabs.Panel key={value} value={value} pt="md">
            <ContentItems spec={spec} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
