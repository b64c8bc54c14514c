import { type CatalogueSample, categoryPages, productPath } from './variety.ts';

/**
 * What a new visitor's browser asks for beside a page's document, read from the page: the build's
 * scripts and stylesheets (stylesheet links, and the modules the page's bootstrap preloads and
 * imports, which it names only inside an inline script), its pictures under the media route (each
 * `<img>`'s `src`, and images it preloads by `href`) and its icon. A page also names the route map's
 * own script, which no browser asks for while routes are discovered lazily; the bench keeps only
 * the paths the server answers (`visitorSubresources`).
 */
export function pageSubresources(html: string): string[] {
  const found = new Set<string>();
  for (const [path] of html.matchAll(/\/assets\/[A-Za-z0-9_.-]+\.(?:js|css)/g)) found.add(path);
  for (const [tag = '', name = ''] of html.matchAll(/<(img|link)\b[^>]*>/gi)) {
    const attributes = attributesOf(tag);
    const path =
      name.toLowerCase() === 'img'
        ? attributes.get('src')
        : (attributes.get('rel') === 'preload' && attributes.get('as') === 'image') ||
            attributes.get('rel') === 'icon'
          ? attributes.get('href')
          : undefined;
    if (path?.startsWith('/') && !path.startsWith('//')) found.add(path);
  }
  return [...found].filter(
    (path) => path.startsWith('/assets/') || path.startsWith('/backend/data/') || isIcon(path),
  );
}

const isIcon = (path: string) => /^\/[A-Za-z0-9_.-]+\.(?:svg|ico|png)$/.test(path);

/** A tag's attributes, names in lower case, `&amp;` decoded. */
function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name = '', value = ''] of tag.matchAll(/\s([A-Za-z][A-Za-z0-9-]*)="([^"]*)"/g))
    attributes.set(name.toLowerCase(), value.replaceAll('&amp;', '&'));
  return attributes;
}

/**
 * The paths a new visitor's browser asks for beside the home page, five category pages and ten
 * product pages (the first products, which have pictures), each read off the page; only those the
 * shop answers 200, each asked once here, as the visitors before the bench's did.
 */
export async function visitorSubresources(
  sample: CatalogueSample,
  baseUrl: string,
  headers: Record<string, string>,
): Promise<string[]> {
  const pages = [
    '/',
    ...(categoryPages(sample).pages?.().slice(0, 5) ?? []),
    ...sample.productIds.slice(0, 10).map((id) => productPath(sample, id)),
  ];
  const paths = new Set<string>();
  for (const page of pages) {
    const html = await (await fetch(`${baseUrl}${page}`, { headers })).text();
    for (const path of pageSubresources(html)) paths.add(path);
  }
  const answered: string[] = [];
  for (const path of paths) {
    const response = await fetch(`${baseUrl}${path}`, { headers });
    await response.arrayBuffer();
    if (response.status === 200) answered.push(path);
  }
  return answered;
}
