/**
 * Traffic with variety for `npm run bench`: real visitors type new keywords, open other categories
 * and pages and look at other products, so a benchmark that repeats a few URLs measures the
 * response cache, not the shop. These generators give every request its own URL.
 *
 * Every uncached URL also carries `_=<n>` (jQuery's cache-buster, ignored by the API), so that
 * even a repeated keyword or product reaches the database: the figures are those of the work
 * behind the cache. Pages are kept per URL without such parameters, as a CDN keeps them
 * (storefront/page-cache.ts): there the figures are those of a catalogue's worth of different
 * pages, each rendered once and again after each change. The cached ceiling is measured beside
 * them on one fixed URL.
 */
import { createPrng, type Prng } from '@shop/db/seed/prng';

const API = '/backend/api/web';

/** What the bench reads from the catalogue it seeded. */
export interface CatalogueSample {
  /** Ids of active products. */
  productIds: number[];
  /** Active categories with the number of active products they list (sub-categories included). */
  categories: Array<{ id: number; slug: string; products: number }>;
  /** Lower-case words of product names (letters only, three or more). */
  words: string[];
  /** Active products' url slugs, by id (for product pages). */
  productSlugs: Map<number, string>;
  /** Active content pages' url slugs. */
  pageSlugs: string[];
}

/** How shoppers misspell: Hindi words have several Latin spellings, and fingers slip. */
const transliterations: Array<[RegExp, string]> = [
  [/aa/g, 'a'],
  [/a(?=[^aeiou]|$)/g, 'aa'],
  [/ee/g, 'i'],
  [/i(?=[^aeiou]|$)/g, 'ee'],
  [/oo/g, 'u'],
  [/u(?=[^aeiou]|$)/g, 'oo'],
  [/ia$/g, 'iya'],
  [/w/g, 'v'],
  [/bh/g, 'b'],
  [/kh/g, 'k'],
];

function mutate(word: string, prng: Prng): string {
  const roll = prng.next();
  if (word.length <= 3 || roll < 0.3) return word; // as spelled
  if (roll < 0.55) return word.slice(0, prng.int(3, word.length - 1)); // typed so far (prefix)
  if (roll < 0.75) {
    const rule = prng.pick(transliterations);
    const spelled = word.replace(rule[0], rule[1]);
    if (spelled !== word) return spelled;
  }
  const i = prng.int(1, word.length - 2);
  return roll < 0.9
    ? word.slice(0, i) + word.slice(i + 1) // a letter left out
    : word.slice(0, i) + (word[i + 1] ?? '') + (word[i] ?? '') + word.slice(i + 2); // two swapped
}

export interface UrlSource {
  /** The next URL (path + query) to request. */
  next(): string;
  /** Pages: every distinct page the source draws from (each rendered once before measuring). */
  pages?(): string[];
}

let bust = 0;
const buster = () => `_=${(++bust).toString(36)}`;

/** A keyword per request: one or two name words, often misspelt or cut short. */
export function keywordSearches(sample: CatalogueSample, seed = 1): UrlSource & { keyword(): string } {
  const prng = createPrng(seed);
  const words = sample.words.length ? sample.words : ['kaju'];
  const keyword = () => {
    const first = mutate(prng.pick(words), prng);
    return prng.next() < 0.35 ? `${first} ${mutate(prng.pick(words), prng)}` : first;
  };
  return {
    keyword,
    next: () =>
      `${API}/products?ProductsSearch[keyword]=${encodeURIComponent(keyword())}&per-page=20&${buster()}`,
  };
}

/** A category page of 100 products: random category, random page among those it has. */
export function categoryListings(sample: CatalogueSample, seed = 2): UrlSource {
  const prng = createPrng(seed);
  const listed = sample.categories.filter((c) => c.products > 0);
  return {
    next() {
      const category = prng.pick(listed);
      const page = prng.int(1, Math.max(1, Math.ceil(category.products / 100)));
      return `${API}/products?per-page=100&page=${page}&ProductsSearch[category_id]=${category.id}&${buster()}`;
    },
  };
}

/** One product by id, any active product. */
export function productDetails(sample: CatalogueSample, seed = 3): UrlSource {
  const prng = createPrng(seed);
  return { next: () => `${API}/products/${prng.pick(sample.productIds)}?${buster()}` };
}

/** Server-rendered category pages (a storefront visitor browsing): random category and page. */
export function categoryPages(sample: CatalogueSample, seed = 4): UrlSource {
  const prng = createPrng(seed);
  const listed = sample.categories.filter((c) => c.products > 0);
  return {
    next() {
      const category = prng.pick(listed);
      const page = prng.int(1, Math.max(1, Math.ceil(category.products / 100)));
      return `/category/${category.id}/${page}/${category.slug}?${buster()}`;
    },
    pages: () =>
      listed.flatMap((category) =>
        Array.from(
          { length: Math.max(1, Math.ceil(category.products / 100)) },
          (_, i) => `/category/${category.id}/${i + 1}/${category.slug}`,
        ),
      ),
  };
}

/** A product page's path, `/product/{id}/{slug}`. */
export function productPath(sample: CatalogueSample, id: number): string {
  return `/product/${id}/${sample.productSlugs.get(id) ?? 'item'}`;
}

/** Server-rendered product pages (`/product/{id}/{slug}`): any active product. */
export function productPages(sample: CatalogueSample, seed = 5): UrlSource {
  const prng = createPrng(seed);
  const url = (id: number) => productPath(sample, id);
  return {
    next: () => `${url(prng.pick(sample.productIds))}?${buster()}`,
    pages: () => sample.productIds.map(url),
  };
}

/**
 * The data a click on a product asks for instead of its document, for any active product: React
 * Router's single fetch of the product route's loader data (`/product/{id}/{slug}.data?_routes=…`,
 * the URL the storefront's own links ask for). After their first page, shoppers' browsers ask for
 * this, not for documents.
 */
export function productNavigationData(sample: CatalogueSample, seed = 7): UrlSource {
  const prng = createPrng(seed);
  const url = (id: number) => `${productPath(sample, id)}.data?_routes=routes%2Fproduct`;
  return {
    next: () => `${url(prng.pick(sample.productIds))}&${buster()}`,
    pages: () => sample.productIds.map(url),
  };
}

/** Server-rendered content pages (about us, policies …): any active one. */
export function contentPages(sample: CatalogueSample, seed = 6): UrlSource {
  const prng = createPrng(seed);
  const slugs = sample.pageSlugs.length ? sample.pageSlugs : ['about-us'];
  return { next: () => `/page/${prng.pick(slugs)}?${buster()}`, pages: () => slugs.map((s) => `/page/${s}`) };
}

/** The storefront home page, a new URL each time. */
export function homePages(): UrlSource {
  return { next: () => `/?${buster()}`, pages: () => ['/'] };
}

/** The same URL again and again: what the response cache can do at best. */
export function fixedUrl(path: string): UrlSource {
  return { next: () => path };
}
