import {
  Button,
  FileButton,
  Group,
  Image,
  Modal,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { MediaFolderList, MediaUploaded } from '@shop/contract/admin/content';
import { imageMessages, imageTypes, MAX_IMAGE_BYTES } from '@shop/contract/admin/product-images';
import { IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useEffect, useState } from 'react';
import { AdminApiError, adminApi } from '../../api.ts';
import { base64Of } from '../../forms/file-base64.ts';
import { FormError } from '../../forms/form-error.tsx';
import { notifyFailed, notifySaved } from '../../forms/notify.ts';
import { useSubmit } from '../../forms/use-submit.ts';
import { fromLocalInput, toLocalInput } from '../../forms/dates.ts';
import { useAdminList } from '../../tables/use-admin-list.ts';

/**
 * One kind of simple content (banners, testimonials, gallery photos and videos, menu items): a
 * table of every row and a form described by its fields. The server checks every value and
 * answers a 422 per field, shown under the input.
 */

export type FieldKind = 'text' | 'textarea' | 'number' | 'select' | 'datetime' | 'switch' | 'image';

export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  description?: string;
  required?: boolean;
  /** Choices of a select: values, or value/label pairs (computed from the rows, e.g. menu parents). */
  options?: (rows: Row[], draft: Row) => { value: string; label: string }[];
  /** The media folder an image field picks from. */
  folder?: 'banners' | 'clienttestimonials' | 'imagegallery';
  /** Select values are numbers (a menu item's parent). */
  numeric?: boolean;
}

export type Row = Record<string, unknown> & { id?: number };

export interface KindSpec {
  path: string;
  noun: string;
  fields: FieldSpec[];
  columns: DataTableColumn<Row>[];
  empty: Row;
  note?: string;
}

export const choices = (values: readonly string[]) => () => values.map((v) => ({ value: v, label: v }));

export function mediaSrc(folder: string, file: unknown): string | undefined {
  return typeof file === 'string' && file ? `/backend/data/${folder}/${encodeURIComponent(file)}` : undefined;
}

export function ContentItems({ spec }: { spec: KindSpec }) {
  const list = useAdminList<Row>(spec.path);
  const [editing, setEditing] = useState<Row | null>(null);

  async function remove(row: Row) {
    if (!window.confirm(`Delete this ${spec.noun}?`)) return;
    try {
      await adminApi.delete(`${spec.path}/${row.id}`);
      notifySaved(`The ${spec.noun} is deleted.`);
      list.reload();
    } catch (error) {
      notifyFailed(error);
    }
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        {spec.note ? (
          <Text size="sm" c="dimmed" maw={720}>
            {spec.note}
          </Text>
        ) : (
          <span />
        )}
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ ...spec.empty })}>
          Add {spec.noun}
        </Button>
      </Group>
      <FormError message={list.error} />
      <DataTable
        withTableBorder
        highlightOnHover
        minHeight={160}
        fetching={list.loading}
        records={list.items}
        noRecordsText={`No ${spec.noun}s yet.`}
        onRowClick={({ record }) => setEditing(record)}
        columns={[
          ...spec.columns,
          {
            accessor: 'actions',
            title: '',
            textAlign: 'right',
            render: (row) => (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                aria-label={`Delete ${spec.noun}`}
                onClick={(e) => {
                  e.stopPropagation();
                  void remove(row);
                }}
              >
                <IconTrash size={16} />
              </Button>
            ),
          },
        ]}
      />
      {editing && (
        <ItemForm
          spec={spec}
          rows={list.items}
          row={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      )}
    </Stack>
  );
}

function useMediaFiles(folder: string | undefined) {
  const [files, setFiles] = useState<string[]>([]);
  useEffect(() => {
    if (!folder) return;
    adminApi
      .get<MediaFolderList>(`content/media/${folder}`)
      .then((body) => setFiles(body.files))
      .catch(() => setFiles([]));
  }, [folder]);
  return { files, setFiles };
}

/**
 * "Upload new image" beside an image field: the file goes to the field's media folder (the server
 * checks it is a JPEG, PNG or WebP of a sensible size and keeps it under a fresh name), and the
 * field takes the stored name at once.
 */
function UploadImageButton({
  folder,
  onUploaded,
  onError,
}: {
  folder: NonNullable<FieldSpec['folder']>;
  onUploaded(uploaded: MediaUploaded): void;
  onError(message: string | null): void;
}) {
  const [uploading, setUploading] = useState(false);
  async function upload(file: File | null) {
    if (!file) return;
    if (file.size > MAX_IMAGE_BYTES) return onError(imageMessages.tooLarge);
    setUploading(true);
    onError(null);
    try {
      const uploaded = await adminApi.post<MediaUploaded>(`content/media/${folder}`, {
        file_name: file.name,
        data_base64: await base64Of(file),
      });
      onUploaded(uploaded);
      notifySaved(`${file.name} is uploaded.`);
    } catch (error) {
      onError(
        error instanceof AdminApiError
          ? (error.fieldErrors.data_base64 ?? error.message)
          : 'The file could not be read.',
      );
    } finally {
      setUploading(false);
    }
  }
  return (
    <FileButton onChange={(file) => void upload(file)} accept={imageTypes.join(',')}>
      {(props) => (
        <Button
          {...props}
          variant="light"
          size="xs"
          loading={uploading}
          leftSection={<IconUpload size={14} />}
          style={{ alignSelf: 'flex-start' }}
        >
          Upload new image
        </Button>
      )}
    </FileButton>
  );
}

function ItemForm({
  spec,
  rows,
  row,
  onClose,
  onSaved,
}: {
  spec: KindSpec;
  rows: Row[];
  row: Row;
  onClose(): void;
  onSaved(): void;
}) {
  const [draft, setDraft] = useState<Row>(row);
  const { submitting, formError, fieldErrors, submit } = useSubmit(spec.fields.map((f) => f.name));
  const phone = useMediaQuery('(max-width: 48em)');
  const imageField = spec.fields.find((f) => f.kind === 'image');
  const { files, setFiles } = useMediaFiles(imageField?.folder);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const set = (name: string, value: unknown) => setDraft((d) => ({ ...d, [name]: value }));

  async function save() {
    const body: Record<string, unknown> = {};
    for (const field of spec.fields) body[field.name] = draft[field.name];
    const saved = await submit(() =>
      row.id ? adminApi.put<Row>(`${spec.path}/${row.id}`, body) : adminApi.post<Row>(spec.path, body),
    );
    if (saved) {
      notifySaved(`The ${spec.noun} is saved.`);
      onSaved();
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={row.id ? `Edit ${spec.noun}` : `New ${spec.noun}`}
      size="lg"
      fullScreen={phone}
    >
      <Stack gap="sm">
        <FormError message={formError} />
        {spec.fields.map((field) => {
          const common = {
            label: field.label,
            description: field.description,
            required: field.required,
            error: fieldErrors[field.name],
          };
          const value = draft[field.name];
          switch (field.kind) {
            case 'textarea':
              return (
                <Textarea
                  key={field.name}
                  {...common}
                  autosize
                  minRows={3}
                  value={String(value ?? '')}
                  onChange={(e) => set(field.name, e.currentTarget.value)}
                />
              );
            case 'number':
              return (
                <NumberInput
                  key={field.name}
                  {...common}
                  allowDecimal={false}
                  min={0}
                  value={Number(value ?? 0)}
                  onChange={(v) => set(field.name, typeof v === 'number' ? v : 0)}
                />
              );
            case 'select':
              return (
                <Select
                  key={field.name}
                  {...common}
                  data={field.options?.(rows, draft) ?? []}
                  value={value === null || value === undefined ? null : String(value)}
                  onChange={(v) => set(field.name, field.numeric ? Number(v ?? 0) : v)}
                  allowDeselect={false}
                />
              );
            case 'datetime':
              return (
                <TextInput
                  key={field.name}
                  {...common}
                  type="datetime-local"
                  value={toLocalInput(value as string | null)}
                  onChange={(e) => set(field.name, fromLocalInput(e.currentTarget.value))}
                />
              );
            case 'switch':
              return (
                <Switch
                  key={field.name}
                  label={field.label}
                  description={field.description}
                  checked={Boolean(value)}
                  onChange={(e) => set(field.name, e.currentTarget.checked)}
                />
              );
            case 'image':
              return (
                <Stack key={field.name} gap={4}>
                  <Select
                    key={field.name}
                    {...common}
                    error={uploadError ?? common.error}
                    searchable
                    clearable={!field.required}
                    data={files}
                    value={typeof value === 'string' && value ? value : null}
                    onChange={(v) => {
                      setUploadError(null);
                      set(field.name, v ?? (field.required ? '' : null));
                    }}
                    nothingFoundMessage="No such file in the media library"
                  />
                  {field.folder && (
                    <UploadImageButton
                      folder={field.folder}
                      onError={setUploadError}
                      onUploaded={(uploaded) => {
                        setFiles(uploaded.files);
                        set(field.name, uploaded.file);
                      }}
                    />
                  )}
                  {mediaSrc(field.folder ?? '', value) && (
                    <Image
                      src={mediaSrc(field.folder ?? '', value)}
                      alt=""
                      h={90}
                      w="auto"
                      fit="contain"
                      radius="sm"
                    />
                  )}
                </Stack>
              );
            default:
              return (
                <TextInput
                  key={field.name}
                  {...common}
                  value={String(value ?? '')}
                  onChange={(e) => set(field.name, e.currentTarget.value)}
                />
              );
          }
        })}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={submitting} onClick={save}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
