import type { Product } from '@shop/contract/catalogue';
import type { Collection } from '@shop/contract/collection';
import type { Testimonial } from '@shop/contract/content';
import { type MetaArgs, useLoaderData } from 'react-router';
import { ProductGrid } from '../features/catalogue/product-grid.tsx';
import { BannerCarousel } from '../features/home/banner-carousel.tsx';
import { FeaturedProducts } from '../features/home/featured-products.tsx';
import { FollowAndSubscribe } from '../features/home/follow-and-subscribe.tsx';
import classes from '../features/home/home.module.css';
import { MoreToDiscover } from '../features/home/more-to-discover.tsx';
import { Testimonials } from '../features/home/testimonials.tsx';
import { VideoBlock } from '../features/home/video-block.tsx';
import { bannersOf, rootDataFrom, type StorefrontLoaderArgs, useRootData } from '../lib/root-data.ts';
import { shopTexts } from '../lib/shop-texts.ts';
import { pageMeta, shopName } from '../features/seo/page-meta.ts';

/** Featured products and testimonials (banners and texts come with the root data). */
export async function loader({ context }: StorefrontLoaderArgs) {
  const [featured, testimonials] = await Promise.all([
    context.api.get<Collection<Product>>('products', {
      query: { 'per-page': 100, page: 1, 'ProductsSearch[product_labels]': 'Featured' },
    }),
    context.api.get<Collection<Testimonial>>('clienttestimonials', { query: { order: 'display_order' } }),
  ]);
  return { featured: featured.items, testimonials: testimonials.items };
}

export function meta({ matches }: MetaArgs) {
  const root = rootDataFrom(matches);
  const banner = bannersOf(root, 'Homepage Banners')[0];
  return pageMeta({
    settings: root.settings,
    module: 'home',
    publicUrl: root.publicUrl,
    path: '/',
    image: banner ? `/backend/data/banners/${encodeURIComponent(banner.image)}` : undefined,
  });
}

/** Home (product rules §2): banners, video block, featured products, testimonials, more to discover, follow + newsletter. */
export default function Home() {
  const { featured, testimonials } = useLoaderData<typeof loader>();
  const data = useRootData();
  const texts = shopTexts(data);
  return (
    <>
      <h1 className={classes.visuallyHidden}>{shopName(data.settings)}</h1>
      <BannerCarousel banners={bannersOf(data, 'Homepage Banners')} />
      <VideoBlock
        videoUrl={texts.youtubeVideoUrl}
        poster={data.assets['home-video-poster']}
        rightBanners={bannersOf(data, 'Home Right Video Banners')}
        bottomBanners={bannersOf(data, 'Home Bottom Video Banners')}
      />
      {/* Hidden when there are none; 4 per row on large screens, 3 on medium, 2 on small. */}
      {featured.length > 0 && (
        <FeaturedProducts description={texts.featuredDescription}>
          <ProductGrid products={featured} cols={{ base: 2, md: 3, lg: 4 }} />
        </FeaturedProducts>
      )}
      <Testimonials items={testimonials} description={texts.peopleSayingDescription} />
      <MoreToDiscover
        text={texts.moreToDiscoverText}
        images={[data.assets['home-more-discover-img1'], data.assets['home-more-discover-img2']]}
      />
      <FollowAndSubscribe
        social={texts.social}
        followDescription={texts.followUsDescription}
        newsletterDescription={texts.newsletterDescription}
      />
    </>
  );
}
