import '@mantine/tiptap/styles.layer.css';
import { Anchor, Badge, Button, Group, Modal, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { RichTextEditor } from '@mantine/tiptap';
import type { AdminPage } from '@shop/contract/admin/content';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { labelledEditorProps } from '../../forms/rich-text-label.ts';
import { FormError } from '../../forms/form-error.tsx';
import { formatDateTime } from '../../forms/dates.ts';
import { ListHeader } from '../../tables/list-header.tsx';
import { useAdminList } from '../../tables/use-admin-list.ts';
import { type OpenDraftEditor, useDraftEditor } from '../../tables/use-draft-editor.ts';

type Draft = Omit<AdminPage, 'id' | 'created_at' | 'updated_at'> & { id?: number };

const emptyPage: Draft = {
  title: '',
  url_slug: '',
  content: '',
  meta_keyword: '',
  meta_description: '',
  is_active: false,
};

const FIELDS = ['title', 'url_slug', 'content', 'meta_keyword', 'meta_description', 'is_active'] as const;

const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);

/**
 * Content pages (About us, Terms, …): a list, and an editor with rich text. The server cleans
 * the HTML when it is saved; a `[youtube id=VIDEO]` line in the text becomes a video player on
 * the storefront.
 */
export default function PagesPage() {
  const pages = useAdminList<AdminPage>('content/pages');
  const editor = useDraftEditor<Draft, AdminPage>(pages, 'content/pages', {
    fields: FIELDS,
    savedMessage: (page) =>
      page.is_active ? `“${page.title}” is published.` : `“${page.title}” is saved as a draft.`,
  });

  return (
    <Stack gap="md" maw={1100}>
      <ListHeader title="Pages" newLabel="New page" onNew={() => editor.open(emptyPage)} />
      <FormError message={pages.error} />
      <DataTable
        withTableBorder
        highlightOnHover
        minHeight={160}
        fetching={pages.loading}
        records={pages.items}
        noRecordsText="No pages yet."
        onRowClick={({ record }) => editor.open(record)}
        columns={[
          { accessor: 'title', title: 'Title' },
          {
            accessor: 'url_slug',
            title: 'Address',
            render: (p) => <Text size="sm">/page/{p.url_slug}</Text>,
          },
          {
            accessor: 'is_active',
            title: 'Status',
            render: (p) =>
              p.is_active ? <Badge color="green">Published</Badge> : <Badge color="gray">Draft</Badge>,
          },
          { accessor: 'updated_at', title: 'Last saved', render: (p) => formatDateTime(p.updated_at) },
        ]}
      />
      {editor.draft && <PageEditor editor={editor} />}
    </Stack>
  );
}

function PageEditor({ editor: draftEditor }: { editor: OpenDraftEditor<Draft> }) {
  const { initial: page, draft, set, save, close: onClose, submitting, formError, fieldErrors } = draftEditor;
  const [slugTouched, setSlugTouched] = useState(Boolean(page.id));
  const phone = useMediaQuery('(max-width: 48em)');
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } })],
    content: page.content,
    immediatelyRender: true,
    editorProps: labelledEditorProps('page-content-label'),
    onUpdate: ({ editor: e }) => set({ content: e.getHTML() }),
  });

  return (
    <Modal opened onClose={onClose} title={page.id ? 'Edit page' : 'New page'} size="xl" fullScreen={phone}>
      <Stack gap="sm">
        <FormError message={formError} />
        <TextInput
          label="Title"
          required
          value={draft.title}
          error={fieldErrors.title}
          onChange={(e) => {
            const title = e.currentTarget.value;
            set(slugTouched ? { title } : { title, url_slug: slugOf(title) });
          }}
        />
        <TextInput
          label="Address"
          description="The page opens at /page/ followed by this (lower-case letters, digits, hyphens)."
          leftSection={<Text size="xs">/page/</Text>}
          leftSectionWidth={52}
          required
          value={draft.url_slug}
          error={fieldErrors.url_slug}
          onChange={(e) => {
            setSlugTouched(true);
            set({ url_slug: e.currentTarget.value });
          }}
        />
        <div>
          <Text size="sm" fw={500} mb={4} id="page-content-label">
            Content
          </Text>
          <RichTextEditor editor={editor}>
            <RichTextEditor.Toolbar sticky stickyOffset={0}>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.Bold />
                <RichTextEditor.Italic />
                <RichTextEditor.Strikethrough />
              </RichTextEditor.ControlsGroup>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.H2 />
                <RichTextEditor.H3 />
                <RichTextEditor.BulletList />
                <RichTextEditor.OrderedList />
                <RichTextEditor.Blockquote />
              </RichTextEditor.ControlsGroup>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.Link />
                <RichTextEditor.Unlink />
              </RichTextEditor.ControlsGroup>
            </RichTextEditor.Toolbar>
            <RichTextEditor.Content mih={220} />
          </RichTextEditor>
          <Text size="xs" c="dimmed" mt={4}>
            To show a YouTube video, write <code>[youtube id=VIDEO_ID]</code> on a line of its own. Scripts
            and embedded code are removed when the page is saved.
          </Text>
          {fieldErrors.content && (
            <Text size="xs" c="red">
              {fieldErrors.content}
            </Text>
          )}
        </div>
        <TextInput
          label="Search engine keywords"
          value={draft.meta_keyword}
          error={fieldErrors.meta_keyword}
          onChange={(e) => set({ meta_keyword: e.currentTarget.value })}
        />
        <Textarea
          label="Search engine description"
          autosize
          minRows={2}
          value={draft.meta_description}
          error={fieldErrors.meta_description}
          onChange={(e) => set({ meta_description: e.currentTarget.value })}
        />
        <Switch
          label="Published (shown on the storefront)"
          checked={draft.is_active}
          onChange={(e) => set({ is_active: e.currentTarget.checked })}
        />
        <Group justify="space-between">
          {page.id && page.is_active ? (
            <Anchor href={`/page/${page.url_slug}`} target="_blank" size="sm">
              View on the storefront
            </Anchor>
          ) : (
            <span />
          )}
          <Group>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button loading={submitting} onClick={save}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
