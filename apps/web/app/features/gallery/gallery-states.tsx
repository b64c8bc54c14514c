import { Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './gallery.module.css';

/** Shown while a gallery's items load during client-side navigation. */
export function GalleryLoading({ label }: { label: string }) {
  return (
    <Center className={classes.state} role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader color="saffron" size="lg" type="dots" />
        <Text c="gray.7">{label}</Text>
      </Stack>
    </Center>
  );
}

/** The empty-state screen of a gallery without items (product rules §8). */
export function GalleryEmpty({ icon, title, hint }: { icon: ReactNode; title: string; hint: string }) {
  return (
    <Center className={classes.state} data-testid="gallery-empty">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <ThemeIcon size={84} radius={42} variant="light" color="saffron" aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={2} fz="h3" c="maroon.9">
          {title}
        </Title>
        <Text c="gray.7">{hint}</Text>
      </Stack>
    </Center>
  );
}
