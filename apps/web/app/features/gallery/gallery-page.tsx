import { Group, Text, Title } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';
import { Await } from 'react-router';
import { InnerPageBanner } from '../../components/inner-page-banner.tsx';
import classes from './gallery.module.css';
import { GalleryLoading } from './gallery-states.tsx';
import { useScrollToTopOnChange } from '../../lib/use-scroll-to-top.ts';
import { Container } from '../../components/ui/container.tsx';

interface Props<T> {
  /** Banner title, e.g. 'Photo Gallery'. */
  title: string;
  /** The category as people read it. */
  label: string;
  /** The raw category of the URL (scroll to top when it changes). */
  category: string;
  /** Items: already there after server rendering, a promise during client navigation. */
  items: T[] | Promise<T[]>;
  loadingText: string;
  countText: (count: number) => string;
  renderItems: (items: T[]) => ReactNode;
  empty: ReactNode;
}

/** The frame both galleries share: banner, heading, loader while loading, items or the empty state. */
export function GalleryPage<T>(props: Props<T>) {
  useScrollToTopOnChange(props.category);
  return (
    <>
      <InnerPageBanner title={props.title} />
      <Container className={classes.section}>
        {Array.isArray(props.items) ? (
          // Server-rendered data: render at once (an <Await> would suspend for a tick and make the
          // server stream a loader first, which shifts the layout when the photos replace it).
          <GalleryItems {...props} items={props.items} />
        ) : (
          <Suspense key={props.category} fallback={<GalleryLoading label={props.loadingText} />}>
            <Await resolve={props.items} errorElement={<GalleryLoadError />}>
              {(items: T[]) => <GalleryItems {...props} items={items} />}
            </Await>
          </Suspense>
        )}
      </Container>
    </>
  );
}

function GalleryItems<T>(props: Props<T> & { items: T[] }) {
  if (props.items.length === 0) return props.empty;
  return (
    <>
      <Group justify="space-between" align="baseline" className={classes.intro}>
        <Title order={2} c="maroon.9" tt="capitalize">
          {props.label}
        </Title>
        <Text c="gray.7" fz="sm">
          {props.countText(props.items.length)}
        </Text>
      </Group>
      {props.renderItems(props.items)}
    </>
  );
}

function GalleryLoadError() {
  return (
    <Text role="alert" c="red.8" ta="center" py="xl">
      Oops! Something went wrong.
    </Text>
  );
}
