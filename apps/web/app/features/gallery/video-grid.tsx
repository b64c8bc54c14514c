import { SimpleGrid, Text } from '@mantine/core';
import type { VideoGalleryItem } from '@shop/contract/content';
import type { CSSProperties } from 'react';
import classes from './gallery.module.css';
import { VideoPlayer } from './video-player.tsx';

/** Items fade in one after another: 200 ms per video (product rules §9). */
const VIDEO_DELAY_MS = 200;

/** The video gallery: one click-to-load player per item, with its name. */
export function VideoGrid({ items }: { items: VideoGalleryItem[] }) {
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2, lg: 3 }}
      spacing="xl"
      component="ul"
      className={classes.grid}
      data-testid="video-grid"
    >
      {items.map((item, i) => {
        const title = item.name || `Video ${i + 1}`;
        return (
          <li
            key={item.id}
            className={`${classes.item} ${classes.videoCard}`}
            style={{ '--delay': `${i * VIDEO_DELAY_MS}ms` } as CSSProperties}
          >
            <VideoPlayer videoId={item.video_id} title={title} />
            <Text component="h3" className={classes.videoTitle}>
              {title}
            </Text>
          </li>
        );
      })}
    </SimpleGrid>
  );
}
