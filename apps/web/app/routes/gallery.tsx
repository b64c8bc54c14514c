import type { ImageGalleryItem, VideoGalleryItem } from '@shop/contract/content';
import { messages } from '@shop/contract/messages';
import { IconPhotoOff, IconVideoOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ClientLoaderFunctionArgs, MetaFunction } from 'react-router';
import { redirect, useLoaderData } from 'react-router';
import { decodeSlug } from '../features/content/slug.ts';
import { type GalleryKind, galleryKindOf } from '../features/gallery/gallery-kind.ts';
import { listPhotos, listVideos } from '../features/gallery/gallery-api.server.ts';
import { GalleryPage } from '../features/gallery/gallery-page.tsx';
import { GalleryEmpty } from '../features/gallery/gallery-states.tsx';
import { PhotoGrid } from '../features/gallery/photo-grid.tsx';
import { VideoGrid } from '../features/gallery/video-grid.tsx';
import { breadcrumbJsonLd, pageMeta, shopName } from '../features/seo/page-meta.ts';
import { rootDataFrom, type StorefrontLoaderArgs } from '../lib/root-data.ts';

/** What tells the photo gallery and the video gallery apart; the page is the same. */
interface Gallery<Item> {
  title: string;
  /** The settings module of the page's meta tags. */
  module: string;
  /** Singular and plural of what it shows. */
  one: string;
  many: string;
  emptyIcon: ReactNode;
  emptyTitle: string;
  grid(items: Item[]): ReactNode;
}

/** A gallery's grid is only ever given the items its own loader fetched (see `loader`). */
const gallery = <Item,>(definition: Gallery<Item>): Gallery<unknown> => definition;

const galleries: Record<GalleryKind, Gallery<unknown>> = {
  photo: gallery<ImageGalleryItem>({
    title: 'Photo Gallery',
    module: 'gallery',
    one: 'photo',
    many: 'photos',
    emptyIcon: <IconPhotoOff size={40} />,
    emptyTitle: messages.noPhotosInGallery,
    grid: (items) => <PhotoGrid items={items} />,
  }),
  video: gallery<VideoGalleryItem>({
    title: 'Video Gallery',
    module: 'video_gallery',
    one: 'video',
    many: 'videos',
    emptyIcon: <IconVideoOff size={40} />,
    emptyTitle: messages.noVideosInGallery,
    grid: (items) => <VideoGrid items={items} />,
  }),
};

/** Fully rendered on the server (crawlers, first paint). */
export async function loader({ params, context, url }: StorefrontLoaderArgs) {
  const kind = galleryKindOf(url.pathname);
  const category = params.category ?? '';
  const list = (name: string) =>
    kind === 'video' ? listVideos(context.api, name) : listPhotos(context.api, name);
  const items = await list(category);
  // Gallery names are lower case: /gallery/Events is /gallery/events, and moves there for good.
  const lower = category.toLowerCase();
  if (items.length === 0 && lower !== category && (await list(lower)).length > 0)
    throw redirect(`/gallery/${kind === 'video' ? 'video/' : ''}${encodeURIComponent(lower)}`, 301);
  return { kind, category, items };
}

/** In the browser the page shows at once with a loader while the items arrive. */
export function clientLoader({ params, request, serverLoader }: ClientLoaderFunctionArgs) {
  return {
    kind: galleryKindOf(new URL(request.url).pathname),
    category: params.category ?? '',
    items: serverLoader<typeof loader>().then((d) => d.items),
  };
}

export const meta: MetaFunction<typeof loader> = ({ params, matches, location, data }) => {
  const { title, module, many } = galleries[galleryKindOf(location.pathname)];
  const root = rootDataFrom(matches);
  // As the page's heading shows it (capitalised words): "Events Photo Gallery", not "events …".
  const label = decodeSlug(params.category ?? '').replace(
    /(^|\s)(\p{Ll})/gu,
    (_, space, letter: string) => `${space}${letter.toUpperCase()}`,
  );
  // A gallery with nothing in it (an unknown category among them) shows the empty state, and
  // asks search engines not to index it: a page any address would make is no page to list.
  const empty = Array.isArray(data?.items) && data.items.length === 0;
  const tags = pageMeta({
    settings: root.settings,
    module,
    title: `${label} ${title}`,
    description: `${many.charAt(0).toUpperCase()}${many.slice(1)} of ${label} from ${shopName(root.settings)}.`,
    publicUrl: root.publicUrl,
    path: location.pathname,
    jsonLd: [breadcrumbJsonLd(root.publicUrl, [{ name: title, path: location.pathname }])],
  });
  return empty ? [...tags, { name: 'robots', content: 'noindex' }] : tags;
};

export default function GalleryRoute() {
  const { kind, category, items } = useLoaderData<typeof clientLoader>();
  const { title, one, many, emptyIcon, emptyTitle, grid } = galleries[kind];
  return (
    <GalleryPage
      title={title}
      label={decodeSlug(category)}
      category={category}
      items={items}
      loadingText={`Loading ${many}…`}
      countText={(n) => (n === 1 ? `1 ${one}` : `${n} ${many}`)}
      renderItems={grid}
      empty={
        <GalleryEmpty
          icon={emptyIcon}
          title={emptyTitle}
          hint="Please check back soon, or browse our other galleries."
        />
      }
    />
  );
}
