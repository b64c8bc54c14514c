import type { MetaDescriptor } from 'react-router';

export const DEFAULT_SHOP_NAME = 'Kesar Foods & Locks';
const DEFAULT_DESCRIPTION =
  'Kesar Foods & Locks: Indian sweets, namkeen, snacks, dry fruits and sturdy locks, delivered across India.';

export interface PageMetaArgs {
  /** Frontend settings (root data). */
  settings: Record<string, string>;
  /** Settings module prefix, e.g. 'home', 'category', 'product', 'page', 'search'. */
  module: string;
  title?: string;
  description?: string;
  keywords?: string;
  /** Absolute origin of the shop (root data `publicUrl`). */
  publicUrl: string;
  /** Path of this page, e.g. '/category/3/1/sweets'. */
  path: string;
  /** Image for Open Graph, absolute or site-relative. */
  image?: string;
  /** Extra JSON-LD objects (BreadcrumbList, Product, …); Organization is always added. */
  jsonLd?: object[];
  /** 'product' for a product page; 'website' otherwise. */
  ogType?: string;
}

/** The shop's name from settings, else the default. */
export function shopName(settings: Record<string, string>): string {
  return settings.site_name || settings.company_name || DEFAULT_SHOP_NAME;
}

/**
 * Fills a module template. An item without a value for a placeholder leaves no stray separator
 * behind: '{META_KEYWORDS}, kesar foods' with no keywords is 'kesar foods', not ', kesar foods'.
 */
function fillPlaceholders(template: string, args: PageMetaArgs): string {
  return template
    .replaceAll('{TITLE}', args.title ?? '')
    .replaceAll('{META_DESCRIPTION}', args.description ?? '')
    .replaceAll('{META_KEYWORDS}', args.keywords ?? '')
    .replace(/\s+/g, ' ')
    .replace(/\s*,(?:\s*,)+/g, ',')
    .replace(/^[\s,|]+|[\s,|]+$/g, '');
}

function absolute(publicUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${publicUrl.replace(/\/$/, '')}/${pathOrUrl.replace(/^\//, '')}`;
}

/** Schema.org Organization for every page. */
export function organizationJsonLd(settings: Record<string, string>, publicUrl: string): object {
  const sameAs = [
    'social_links_facebook',
    'social_links_instagram',
    'social_links_twitter',
    'social_links_youtube',
  ]
    .map((key) => settings[key])
    .filter((v): v is string => Boolean(v));
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: shopName(settings),
    url: absolute(publicUrl, '/'),
    ...(settings.company_contact_number ? { telephone: settings.company_contact_number } : {}),
    ...(settings.company_email_address ? { email: settings.company_email_address } : {}),
    ...(sameAs.length ? { sameAs } : {}),
  };
}

/** Schema.org BreadcrumbList; the first crumb is Home. */
export function breadcrumbJsonLd(publicUrl: string, crumbs: { name: string; path: string }[]): object {
  const all = [{ name: 'Home', path: '/' }, ...crumbs];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: all.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: absolute(publicUrl, c.path),
    })),
  };
}

export interface ProductForJsonLd {
  name: string;
  description?: string | null;
  imageUrl?: string;
  /** Rupees. */
  sellingPrice: number;
  availableStock: number;
  path: string;
  sku?: string;
}

/** Schema.org Product with an INR offer; availability follows the stock. */
export function productJsonLd(publicUrl: string, product: ProductForJsonLd): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    ...(product.description ? { description: product.description } : {}),
    ...(product.imageUrl ? { image: absolute(publicUrl, product.imageUrl) } : {}),
    ...(product.sku ? { sku: product.sku } : {}),
    offers: {
      '@type': 'Offer',
      url: absolute(publicUrl, product.path),
      priceCurrency: 'INR',
      price: product.sellingPrice.toFixed(2),
      availability:
        product.availableStock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
  };
}

/**
 * Title, description and keywords from the settings `{module}_title`, `{module}_meta_description`
 * and `{module}_meta_keywords` with {TITLE}, {META_DESCRIPTION}, {META_KEYWORDS} replaced by the
 * item's values (product rules §2); falls back to the item's values and the shop name. Adds the canonical
 * link, Open Graph tags and JSON-LD (Organization on every page).
 */
export function pageMeta(args: PageMetaArgs): MetaDescriptor[] {
  const { settings, module } = args;
  const name = shopName(settings);
  const fromSetting = (suffix: string) => {
    const template = settings[`${module}_${suffix}`];
    return template ? fillPlaceholders(template, args) : '';
  };
  const title = fromSetting('title') || (args.title ? `${args.title} | ${name}` : name);
  const description =
    fromSetting('meta_description') || args.description || settings.meta_description || DEFAULT_DESCRIPTION;
  const keywords = fromSetting('meta_keywords') || args.keywords || settings.meta_keywords || '';
  const url = absolute(args.publicUrl, args.path);
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    ...(keywords ? [{ name: 'keywords', content: keywords }] : []),
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: name },
    { property: 'og:type', content: args.ogType ?? 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:locale', content: 'en_IN' },
    ...(args.image ? [{ property: 'og:image', content: absolute(args.publicUrl, args.image) }] : []),
    { name: 'twitter:card', content: args.image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    ...(args.image ? [{ name: 'twitter:image', content: absolute(args.publicUrl, args.image) }] : []),
  ];
  const jsonLd = [organizationJsonLd(settings, args.publicUrl), ...(args.jsonLd ?? [])];
  for (const item of jsonLd) tags.push({ 'script:ld+json': item });
  return tags;
}

/**
 * The meta of a page answered 404 (a malformed address, an id nothing has): the shop's default
 * description and no canonical link or og:url, since no address is the canonical one of a missing
 * page (pointing one at another page would ask search engines to index that page here).
 */
export function notFoundMeta(args: Pick<PageMetaArgs, 'settings' | 'module' | 'publicUrl' | 'title'>) {
  return pageMeta({ ...args, title: args.title ?? 'Page not found', path: '/' }).filter(
    (tag) => !('rel' in tag && tag.rel === 'canonical') && !('property' in tag && tag.property === 'og:url'),
  );
}
