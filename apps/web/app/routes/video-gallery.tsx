import { messages } from '@shop/contract/messages';
import { IconVideoOff } from '@tabler/icons-react';
import type { ClientLoaderFunctionArgs, MetaFunction } from 'react-router';
import { useLoaderData } from 'react-router';
import { decodeSlug } from '../features/content/slug.ts';
import { listVideos } from '../features/gallery/gallery-api.server.ts';
import { GalleryPage } from '../features/gallery/gallery-page.tsx';
import { GalleryEmpty } from '../features/gallery/gallery-states.tsx';
import { VideoGrid } from '../features/gallery/video-grid.tsx';
import { rootDataFrom, type StorefrontLoaderArgs } from '../lib/root-data.ts';
import { breadcrumbJsonLd, pageMeta, shopName } from '../features/seo/page-meta.ts';

/** /gallery/video/{category}: fully rendered on the server (crawlers, first paint). */
export async function loader({ params, context }: StorefrontLoaderArgs) {
  const category = params.category ?? '';
  return { category, items: await listVideos(context.api, category) };
}

/** In the browser the page shows at once with a loader while the videos arrive (spec §2). */
export function clientLoader({ params, serverLoader }: ClientLoaderFunctionArgs) {
  return {
    category: params.category ?? '',
    items: serverLoader<typeof loader>().then((d) => d.items),
  };
}

export const meta: MetaFunction<typeof loader> = ({ params, matches, location }) => {
  const root = rootDataFrom(matches);
  const label = decodeSlug(params.category ?? '');
  const title = `${label} Video Gallery`;
  return pageMeta({
    settings: root.settings,
    module: 'video_gallery',
    title,
    description: `Videos of ${label} from ${shopName(root.settings)}.`,
    publicUrl: root.publicUrl,
    path: location.pathname,
    jsonLd: [breadcrumbJsonLd(root.publicUrl, [{ name: 'Video Gallery', path: location.pathname }])],
  });
};

export default function VideoGalleryRoute() {
  const { category, items } = useLoaderData<typeof clientLoader>();
  return (
    <GalleryPage
      title="Video Gallery"
      label={decodeSlug(category)}
      category={category}
      items={items}
      loadingText="Loading videos…"
      countText={(n) => (n === 1 ? '1 video' : `${n} videos`)}
      renderItems={(list) => <VideoGrid items={list} />}
      empty={
        <GalleryEmpty
          icon={<IconVideoOff size={40} />}
          title={messages.noVideosInGallery}
          hint="Please check back soon, or browse our other galleries."
        />
      }
    />
  );
}
