/**
 * Media URLs (product rules §7, product rules §7). The API returns file names (e.g. `main_image: "kaju-katli.webp"`);
 * these helpers build the URLs the browser loads. Files live under DATA_DIR/media/{folder}/….
 */
export const MEDIA_BASE = '/backend/data';

export type ProductImageSize = 'original' | '120x120' | '300x300';

/** /backend/data/products/{productId}/{file} or /backend/data/products/{productId}/{size}/{file} */
export function productImageUrl(
  productId: number,
  file: string,
  size: ProductImageSize = 'original',
): string {
  const name = encodeURIComponent(file);
  return size === 'original'
    ? `${MEDIA_BASE}/products/${productId}/${name}`
    : `${MEDIA_BASE}/products/${productId}/${size}/${name}`;
}

/** Folders of other media: banners, clienttestimonials, assets, imagegallery, files, payment-gateways. */
export type MediaFolder =
  | 'banners'
  | 'clienttestimonials'
  | 'assets'
  | 'imagegallery'
  | 'files'
  | 'payment-gateways'
  | 'categories';

/** Square crops, or copies at most that many pixels wide (made by the server on first request). */
export type MediaVariant = '120x120' | '300x300' | 'w480' | 'w800' | 'w1200';

/** /backend/data/{folder}/{file}, optionally a resized variant /backend/data/{folder}/{size}/{file}. */
export function mediaUrl(folder: MediaFolder, file: string, size?: MediaVariant): string {
  const name = encodeURIComponent(file);
  return size ? `${MEDIA_BASE}/${folder}/${size}/${name}` : `${MEDIA_BASE}/${folder}/${name}`;
}

const SRCSET_WIDTHS = [480, 800, 1200] as const;

/**
 * A srcset for the original media image at `url` (from mediaUrl), `width` pixels wide: its w480 /
 * w800 / w1200 copies narrower than that, then the original, so that a phone downloads a fraction
 * of a desktop banner.
 */
export function mediaSrcSet(url: string, width: number): string {
  const copies = SRCSET_WIDTHS.filter((w) => w < width).map((w) => `${mediaVariantOf(url, `w${w}`)} ${w}w`);
  return [...copies, `${url} ${width}w`].join(', ');
}

/** The URL of a variant (a WebP copy, see MediaVariant) of the original media image at `url`. */
export function mediaVariantOf(url: string, size: MediaVariant): string {
  const slash = url.lastIndexOf('/');
  return `${url.slice(0, slash)}/${size}${url.slice(slash)}`;
}
