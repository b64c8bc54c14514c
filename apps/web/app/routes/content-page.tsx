import { data, type MetaFunction, redirect, useLoaderData } from 'react-router';
import { ContentMissingView, ContentPageView } from '../features/content/content-page-view.tsx';
import { findPage } from '../features/content/find-page.server.ts';
import { decodeSlug } from '../features/content/slug.ts';
import { rootDataFrom, type StorefrontLoaderArgs } from '../lib/root-data.ts';
import { breadcrumbJsonLd, pageMeta } from '../features/seo/page-meta.ts';
import { useScrollToTopOnChange } from '../lib/use-scroll-to-top.ts';

/** /page/{slug}: the first page of `pages?PageSearch[url_slug]=slug`; none → 404 with the shop's text. */
export async function loader({ params, context }: StorefrontLoaderArgs) {
  const slug = params.slug ?? '';
  const page = slug ? await findPage(context.api, slug) : null;
  // Addresses are lower case (the back office's slug rule): /page/About-Us is /page/about-us, typed
  // or linked with capitals, and moves there for good.
  const lower = slug.toLowerCase();
  if (!page && lower !== slug && (await findPage(context.api, lower)))
    throw redirect(`/page/${encodeURIComponent(lower)}`, 301);
  if (!page) return data({ page: null, slug }, { status: 404 });
  return { page, slug };
}

/** The banner title of a missing page: its address's words, or a plain title when it has none (/page/%20). */
function missingTitle(slug: string): string {
  return decodeSlug(slug) || 'Page not found';
}

export const meta: MetaFunction<typeof loader> = ({ loaderData, matches, location }) => {
  const root = rootDataFrom(matches);
  const page = loaderData?.page;
  const path = location.pathname;
  if (!page) {
    return [
      ...pageMeta({
        settings: root.settings,
        module: 'page',
        title: missingTitle(loaderData?.slug ?? ''),
        description: 'Sorry! Content is not available on the given url.',
        publicUrl: root.publicUrl,
        path,
      }),
      { name: 'robots', content: 'noindex' },
    ];
  }
  return pageMeta({
    settings: root.settings,
    module: 'page',
    title: page.title,
    description: page.meta_description,
    keywords: page.meta_keyword,
    publicUrl: root.publicUrl,
    path,
    jsonLd: [breadcrumbJsonLd(root.publicUrl, [{ name: page.title, path }])],
  });
};

export default function ContentPageRoute() {
  const { page, slug } = useLoaderData<typeof loader>();
  // A link from one content page to another keeps this component mounted: start at the top.
  useScrollToTopOnChange(slug);
  return page ? <ContentPageView page={page} /> : <ContentMissingView title={missingTitle(slug)} />;
}
