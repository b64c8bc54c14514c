import { Text, Title } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';
import { type MetaArgs, useLoaderData, useNavigation } from 'react-router';
import { InnerPageBanner } from '../components/inner-page-banner.tsx';
import classes from '../features/catalogue/catalogue.module.css';
import { CategorySidebar } from '../features/catalogue/category-sidebar.tsx';
import { loadCategoryPage } from '../features/catalogue/load-category.server.ts';
import { productThumbUrl } from '../features/catalogue/product.ts';
import { ProductGrid } from '../features/catalogue/product-grid.tsx';
import { productPath } from '../features/catalogue/product-url.ts';
import { ALL_PRODUCTS_PATH, categoryPath } from '../lib/category-links.ts';
import {
  type Category,
  ROOT_CATEGORY_ID,
  rootDataFrom,
  type StorefrontLoaderArgs,
  useRootData,
} from '../lib/root-data.ts';
import { breadcrumbJsonLd, notFoundMeta, pageMeta, productJsonLd } from '../features/seo/page-meta.ts';
import { useScrollToTopOnChange } from '../lib/use-scroll-to-top.ts';
import { Spinner } from '../components/ui/spinner.tsx';
import { Container } from '../components/ui/container.tsx';

export async function loader({ context, params }: StorefrontLoaderArgs) {
  return loadCategoryPage(context, params);
}

export function meta({ matches, data, params }: MetaArgs<typeof loader>) {
  const root = rootDataFrom(matches);
  const missing = (title?: string) =>
    notFoundMeta({ settings: root.settings, module: 'category', publicUrl: root.publicUrl, title });
  if (!data) return missing();
  const { category, products } = data;
  // No category and not the hidden root: an id no category has, answered 404.
  if (!category && Number(params.categoryId) !== ROOT_CATEGORY_ID) return missing(listingName(null));
  const name = listingName(category);
  const path = category ? categoryPath(category) : ALL_PRODUCTS_PATH;
  const first = products[0];
  return pageMeta({
    settings: root.settings,
    module: 'category',
    title: name,
    description: listingDescription(name, products),
    keywords: [name, ...products.slice(0, 8).map((p) => p.name)].join(', '),
    publicUrl: root.publicUrl,
    path,
    image: first ? (productThumbUrl(first) ?? undefined) : undefined,
    jsonLd: [
      // Home > Sweets: the banner's 'Products' crumb has no address of its own, and naming this
      // page's address twice makes a trail that goes nowhere.
      breadcrumbJsonLd(root.publicUrl, [{ name: category ? category.name : 'Products', path }]),
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        itemListElement: products.slice(0, 30).map((p, i) => {
          // Each item is its product, at the product's own address (not the listing's).
          const productUrl = `${root.publicUrl.replace(/\/$/, '')}${productPath(p)}`;
          return {
            '@type': 'ListItem',
            position: i + 1,
            item: {
              ...productJsonLd(root.publicUrl, {
                name: p.name,
                description: p.description,
                imageUrl: productThumbUrl(p) ?? undefined,
                sellingPrice: p.selling_price,
                availableStock: p.available_stock,
                path: productUrl,
                sku: String(p.id),
              }),
              url: productUrl,
            },
          };
        }),
      },
    ],
  });
}

/** "Buy Sweets online at the best price: Kaju Katli, …." naming the first five; an empty listing names none. */
function listingDescription(name: string, products: ReadonlyArray<{ name: string }>): string {
  const names = products
    .slice(0, 5)
    .map((p) => p.name)
    .join(', ');
  return `Buy ${name} online at the best price${names ? `: ${names}` : ''}.`;
}

/** The listing's heading: its category's name, or "Products" alone for the root and unknown ids. */
function listingName(category: Category | null): string {
  return category?.name ?? 'Products';
}

/** Product listing of one category (product rules §2): sidebar, grid 3/2 per row, empty text, loader. */
export default function CategoryRoute() {
  const { category, products } = useLoaderData<typeof loader>();
  const { categories } = useRootData();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname.startsWith('/category/');
  // Smooth scroll to the top when the category changes (sidebar links keep the scroll position).
  useScrollToTopOnChange(category?.id ?? 0, 'smooth');

  return (
    <>
      {/* Home > Products > Sweets; the root and unknown ids are "Products" alone (Home > Products). */}
      <InnerPageBanner title={listingName(category)} crumbs={category ? [{ label: 'Products' }] : []} />
      <Container className={classes.layout}>
        <CategorySidebar categories={categories} activeId={category?.id ?? 0} />
        <section className={classes.content} aria-labelledby="listing-heading" aria-busy={loading}>
          {loading && (
            <div className={classes.loadingOverlay}>
              <Spinner size={36} label="Loading products" />
            </div>
          )}
          <div className={classes.listHeader}>
            <Title order={2} id="listing-heading" fz="h3" c="maroon.9">
              {listingName(category)}
            </Title>
            <Text c="gray.7" fz="sm" data-testid="product-count">
              {products.length} {products.length === 1 ? 'product' : 'products'}
            </Text>
          </div>
          {products.length === 0 ? (
            <div className={classes.empty}>
              <IconMoodEmpty size={44} color="var(--mantine-color-saffron-6)" aria-hidden />
              <Text fw={600} mt="sm">
                No Product found in this category
              </Text>
            </div>
          ) : (
            <ProductGrid products={products} cols={{ base: 2, md: 3 }} eagerCount={3} />
          )}
        </section>
      </Container>
    </>
  );
}
