import { SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import type { ImageGalleryItem } from '@shop/contract/content';
import { mediaUrl } from '@shop/contract/media';
import { IconZoomIn } from '@tabler/icons-react';
import { type CSSProperties, lazy, Suspense, useMemo, useState } from 'react';
import classes from './gallery.module.css';

const loadLightbox = () => import('./photo-lightbox.tsx');
const PhotoLightbox = lazy(loadLightbox);

/** Items fade in one after another: 100 ms per photo (product rules §9). */
const PHOTO_DELAY_MS = 100;

/**
 * The photo gallery grid: 300x300 thumbnails with names; a click opens the lightbox at that
 * photo. The lightbox code is fetched on first intent (hover, focus or click), not with the page.
 */
export function PhotoGrid({ items }: { items: ImageGalleryItem[] }) {
  const [index, setIndex] = useState(-1);
  const [wanted, setWanted] = useState(false);
  const slides = useMemo(
    () =>
      items.map((item) => ({
        src: mediaUrl('imagegallery', item.image),
        thumbnail: mediaUrl('imagegallery', item.image, '300x300'),
        alt: item.name,
        title: item.name,
      })),
    [items],
  );
  const warmUp = () => void loadLightbox();
  return (
    <>
      <SimpleGrid
        cols={{ base: 2, sm: 3, md: 4 }}
        spacing={{ base: 'sm', sm: 'lg' }}
        verticalSpacing={{ base: 'md', sm: 'xl' }}
        component="ul"
        className={classes.grid}
        data-testid="photo-grid"
      >
        {items.map((item, i) => (
          <li
            key={item.id}
            className={classes.item}
            style={{ '--delay': `${i * PHOTO_DELAY_MS}ms` } as CSSProperties}
          >
            <UnstyledButton
              className={classes.photoButton}
              onClick={() => {
                setWanted(true);
                setIndex(i);
              }}
              onPointerEnter={warmUp}
              onFocus={warmUp}
              aria-haspopup="dialog"
            >
              <span className={classes.photoFrame}>
                <img
                  src={mediaUrl('imagegallery', item.image, '300x300')}
                  alt={item.name}
                  width={300}
                  height={300}
                  loading={i < 8 ? 'eager' : 'lazy'}
                  decoding="async"
                  className={classes.photo}
                />
                <span className={classes.zoomBadge} aria-hidden>
                  <IconZoomIn size={22} />
                </span>
              </span>
              <Text component="span" className={classes.caption} aria-hidden>
                {item.name}
              </Text>
            </UnstyledButton>
          </li>
        ))}
      </SimpleGrid>
      {wanted && (
        <Suspense fallback={null}>
          <PhotoLightbox slides={slides} index={index} onClose={() => setIndex(-1)} />
        </Suspense>
      )}
    </>
  );
}
