import type { Banner } from '@shop/contract/content';
import { mediaSrcSet, mediaUrl } from '@shop/contract/media';
import { BannerLink } from './banner-link.tsx';
import classes from './home.module.css';
import { SlideCarousel } from './slide-carousel.tsx';

export const BANNER_AUTOPLAY_MS = 3500;
/** Home banners are made 1920 pixels wide (the width the srcset names the original by). */
const BANNER_WIDTH = 1920;

/** Home banner carousel (product rules §2): autoplay every 3500 ms, loop, indicators, each slide links to its url. */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  if (banners.length === 0) return null;
  return (
    <section aria-label="Offers" className={classes.bannerSection}>
      <SlideCarousel
        label="Offers"
        autoplayMs={BANNER_AUTOPLAY_MS}
        indicators="light"
        previousLabel="Previous banner"
        nextLabel="Next banner"
        indicatorLabel={(i) => `Show banner ${i + 1}`}
        data-testid="banner-carousel"
      >
        {banners.map((banner, i) => (
          <BannerLink
            key={banner.id}
            url={banner.url}
            label={banner.name || `Banner ${i + 1}`}
            className={classes.bannerLink}
          >
            <img
              src={mediaUrl('banners', banner.image)}
              // Phones download the 480 or 800 pixel copy instead of the full-width original.
              srcSet={mediaSrcSet(mediaUrl('banners', banner.image), BANNER_WIDTH)}
              sizes="100vw"
              alt={banner.name}
              width={BANNER_WIDTH}
              height={600}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'auto'}
              decoding={i === 0 ? 'sync' : 'async'}
              className={classes.bannerImage}
            />
          </BannerLink>
        ))}
      </SlideCarousel>
    </section>
  );
}
