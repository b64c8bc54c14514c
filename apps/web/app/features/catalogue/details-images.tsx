import type { ProductDetail } from '@shop/contract/catalogue';
import { mediaVariantOf, productImageUrl } from '@shop/contract/media';
import { IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './details-page.module.css';

/** Product images are made 800 pixels square; the media server makes the smaller copies. */
const IMAGE_SIZE = 800;

interface ShownImage {
  file: string;
  alt: string;
}

/**
 * (Not named product-*: see details-page.tsx.)
 *
 * The product page's pictures: the main image large, and — when the back office added more —
 * a row of thumbnails under it; choosing one shows it large. The server renders the main image, so
 * the first screen never waits for JavaScript; each image is described by the alt text the back
 * office stored with it, or the product's name (a thumbnail is named by its button instead).
 */
export function ProductPageImages({ product }: { product: ProductDetail }) {
  const images: ShownImage[] = [
    ...(product.main_image ? [{ file: product.main_image, alt: product.main_image_alt }] : []),
    ...product.attachments
      .filter((a) => a.kind === 'image')
      .map((a) => ({ file: a.file_name, alt: a.alt_text })),
  ];
  const [shown, setShown] = useState(0);
  const current = images[shown] ?? images[0];
  if (!current) {
    return (
      <div className={classes.media}>
        <IconPhotoOff size={64} color="var(--mantine-color-gray-6)" aria-label="No image" />
      </div>
    );
  }
  const original = productImageUrl(product.id, current.file);
  return (
    <div className={classes.gallery}>
      <div className={classes.media}>
        <img
          src={mediaVariantOf(original, 'w480')}
          srcSet={`${productImageUrl(product.id, current.file, '300x300')} 300w, ${mediaVariantOf(original, 'w480')} 480w, ${original} ${IMAGE_SIZE}w`}
          sizes="(max-width: 768px) calc(100vw - 32px), 560px"
          alt={current.alt || product.name}
          width={IMAGE_SIZE}
          height={IMAGE_SIZE}
          className={classes.image}
        />
      </div>
      {images.length > 1 && (
        <ul className={classes.thumbnails} aria-label="Product images">
          {images.map((image, index) => (
            <li key={image.file}>
              <button
                type="button"
                className={classes.thumbnail}
                aria-pressed={index === shown}
                aria-label={`Show image ${index + 1} of ${images.length}`}
                onClick={() => setShown(index)}
              >
                <img
                  src={productImageUrl(product.id, image.file, '120x120')}
                  alt=""
                  width={120}
                  height={120}
                  loading="lazy"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
