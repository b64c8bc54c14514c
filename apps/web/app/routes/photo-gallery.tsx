import { messages } from '@shop/contract/messages';
import { IconPhotoOff } from '@tabler/icons-react';
import type { ClientLoaderFunctionArgs, MetaFunction } from 'react-router';
import { useLoaderData } from 'react-router';
import { decodeSlug } from '../features/content/slug.ts';
import { listPhotos } from '../features/gallery/gallery-api.server.ts';
import { GalleryPage } from '../features/gallery/gallery-page.tsx';
import { GalleryEmpty } from '../features/gallery/gallery-states.tsx';
import { PhotoGrid } from '../features/gallery/photo-grid.tsx';
import { rootDataFrom, type StorefrontLoaderArgs } from '../lib/root-data.ts';
import { breadcrumbJsonLd, pageMeta, shopName } from '../features/seo/page-meta.ts';

/** /gallery/{category}: fully rendered on the server (crawlers, first paint). */
export async function loader({ params, context }: StorefrontLoaderArgs) {
  const category = params.category ?? '';
  return { category, items: await listPhotos(context.api, category) };
}

/** In the browser the page shows at once with a loader while the photos arrive (spec §2). */
export function clientLoader({ params, serverLoader }: ClientLoaderFunctionArgs) {
  return {
    category: params.category ?? '',
    items: serverLoader<typeof loader>().then((d) => d.items),
  };
}

export const meta: MetaFunction<typeof loader> = ({ params, matches, location }) => {
  const root = rootDataFrom(matches);
  const label = decodeSlug(params.category ?? '');
  const title = `${label} Photo Gallery`;
  return pageMeta({
    settings: root.settings,
    module: 'gallery',
    title,
    description: `Photos of ${label} from ${shopName(root.settings)}.`,
    publicUrl: root.publicUrl,
    path: location.pathname,
    jsonLd: [breadcrumbJsonLd(root.publicUrl, [{ name: 'Photo Gallery', path: location.pathname }])],
  });
};

export default function PhotoGalleryRoute() {
  const { category, items } = useLoaderData<typeof clientLoader>();
  return (
    <GalleryPage
      title="Photo Gallery"
      label={decodeSlug(category)}
      category={category}
      items={items}
      loadingText="Loading photos…"
      countText={(n) => (n === 1 ? '1 photo' : `${n} photos`)}
      renderItems={(list) => <PhotoGrid items={list} />}
      empty={
        <GalleryEmpty
          icon={<IconPhotoOff size={40} />}
          title={messages.noPhotosInGallery}
          hint="Please check back soon, or browse our other galleries."
        />
      }
    />
  );
}
