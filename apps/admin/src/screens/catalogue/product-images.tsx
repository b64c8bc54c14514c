import {
  ActionIcon,
  Badge,
  Group,
  Image,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import '@mantine/dropzone/styles.layer.css';
import {
  imageMessages,
  imageTypes,
  MAX_ALT_TEXT,
  MAX_IMAGE_BYTES,
  type ProductImage,
  type ProductImages as ProductImageList,
} from '@shop/contract/admin/product-images';
import { IconArrowLeft, IconArrowRight, IconPhotoPlus, IconStar, IconTrash } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { adminApi } from '../../api.ts';
import { base64Of } from '../../forms/file-base64.ts';
import { notifyFailed } from '../../forms/notify.ts';

function rejectionMessage(rejection: FileRejection): string {
  const code = rejection.errors[0]?.code;
  if (code === 'file-too-large') return `${rejection.file.name}: ${imageMessages.tooLarge}`;
  if (code === 'file-invalid-type') return `${rejection.file.name}: ${imageMessages.notImage}`;
  return `${rejection.file.name}: ${rejection.errors[0]?.message ?? imageMessages.damaged}`;
}

/**
 * A product's images: drop JPEG, PNG or WebP files to add them, move an image left or right (the
 * first is the main image the shop lists), describe each for visitors who cannot see it, remove
 * one. Embedded in the product's edit screen; every change is saved at once.
 */
export function ProductImages({ productId }: { productId: number }) {
  const path = `products/${productId}/images`;
  const [images, setImages] = useState<ProductImage[] | null>(null);
  const [uploading, setUploading] = useState(0);
  const [problems, setProblems] = useState<string[]>([]);

  useEffect(() => {
    let live = true;
    adminApi
      .get<ProductImageList>(path)
      .then((answer) => live && setImages(answer.items))
      .catch(notifyFailed);
    return () => {
      live = false;
    };
  }, [path]);

  const upload = useCallback(
    async (files: File[]) => {
      setProblems([]);
      // One at a time: the server checks each, and the order dropped is the order kept.
      for (const file of files) {
        setUploading((n) => n + 1);
        try {
          const answer = await adminApi.post<ProductImageList>(path, {
            file_name: file.name,
            data_base64: await base64Of(file),
          });
          setImages(answer.items);
        } catch (error) {
          setProblems((list) => [
            ...list,
            `${file.name}: ${error instanceof Error ? error.message : String(error)}`,
          ]);
        } finally {
          setUploading((n) => n - 1);
        }
      }
    },
    [path],
  );

  const change = async (call: () => Promise<ProductImageList>) => {
    try {
      setImages((await call()).items);
    } catch (error) {
      notifyFailed(error);
    }
  };

  const move = (index: number, by: -1 | 1) => {
    if (!images) return;
    const names = images.map((i) => i.file_name);
    const [name] = names.splice(index, 1);
    if (name === undefined) return;
    names.splice(index + by, 0, name);
    return change(() => adminApi.put<ProductImageList>(`${path}/order`, { file_names: names }));
  };

  return (
    <Stack gap="sm" data-testid="product-images-manager">
      <Text fw={500}>Images</Text>
      <Dropzone
        onDrop={upload}
        onReject={(rejections) => setProblems(rejections.map(rejectionMessage))}
        maxSize={MAX_IMAGE_BYTES}
        accept={[...imageTypes]}
        loading={uploading > 0}
        aria-label="Add images"
      >
        <Group justify="center" gap="sm" mih={72} style={{ pointerEvents: 'none' }}>
          <IconPhotoPlus size={28} stroke={1.5} />
          <div>
            <Text size="sm">Drop JPEG, PNG or WebP images here, or click to choose</Text>
            <Text size="xs" c="dimmed">
              Up to 10 MB each, at least 200 × 200 pixels. The first image is the main image.
            </Text>
          </div>
        </Group>
      </Dropzone>
      {problems.map((problem) => (
        <Text key={problem} size="sm" c="red" role="alert">
          {problem}
        </Text>
      ))}
      {images === null ? (
        <Loader size="sm" />
      ) : images.length === 0 ? (
        <Text size="sm" c="dimmed">
          No images yet.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          {images.map((image, index) => (
            <Paper key={image.file_name} withBorder radius="md" p="xs" data-testid="product-image">
              <Stack gap={6}>
                <Image src={image.thumbnail_url} alt={image.alt_text} radius="sm" h={120} fit="contain" />
                <Group justify="space-between" gap={4} wrap="nowrap">
                  {image.main ? (
                    <Badge leftSection={<IconStar size={12} />} size="sm">
                      Main
                    </Badge>
                  ) : (
                    <span />
                  )}
                  <Group gap={2} wrap="nowrap">
                    <Tooltip label="Move left">
                      <ActionIcon
                        variant="subtle"
                        aria-label="Move left"
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                      >
                        <IconArrowLeft size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Move right">
                      <ActionIcon
                        variant="subtle"
                        aria-label="Move right"
                        disabled={index === images.length - 1}
                        onClick={() => move(index, 1)}
                      >
                        <IconArrowRight size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Remove">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label="Remove image"
                        onClick={() =>
                          change(() =>
                            adminApi.delete<ProductImageList>(
                              `${path}/${encodeURIComponent(image.file_name)}`,
                            ),
                          )
                        }
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Group>
                <TextInput
                  size="xs"
                  label="Alt text"
                  placeholder="What the picture shows"
                  defaultValue={image.alt_text}
                  maxLength={MAX_ALT_TEXT}
                  onBlur={(event) => {
                    const alt = event.currentTarget.value.trim();
                    if (alt === image.alt_text) return;
                    void change(() =>
                      adminApi.patch<ProductImageList>(`${path}/${encodeURIComponent(image.file_name)}`, {
                        alt_text: alt,
                      }),
                    );
                  }}
                />
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
