import { Button, Container, Group, Text, TextInput, Title } from '@mantine/core';
import type { Product } from '@shop/contract/catalogue';
import { MAX_KEYWORD_LENGTH } from '@shop/contract/search-keyword';
import type { Collection } from '@shop/contract/collection';
import { IconSearch } from '@tabler/icons-react';
import { Form, type MetaArgs, useLoaderData } from 'react-router';
import { InnerPageBanner } from '../components/inner-page-banner.tsx';
import classes from '../features/catalogue/catalogue.module.css';
import { ProductGrid } from '../features/catalogue/product-grid.tsx';
import { rootDataFrom, type StorefrontLoaderArgs } from '../lib/root-data.ts';
import { breadcrumbJsonLd, pageMeta } from '../features/seo/page-meta.ts';

/** The full search results, server-rendered; an empty keyword searches nothing (product rules §5). */
export async function loader({ context, url }: StorefrontLoaderArgs) {
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, MAX_KEYWORD_LENGTH);
  if (!q) return { q, products: [] as Product[] };
  const body = await context.api.get<Collection<Product>>('products', {
    query: { 'ProductsSearch[keyword]': q, 'per-page': 100, page: 1 },
  });
  return { q, products: body.items };
}

export function meta({ matches, data }: MetaArgs<typeof loader>) {
  const root = rootDataFrom(matches);
  const q = data?.q ?? '';
  const path = q ? `/search?q=${encodeURIComponent(q)}` : '/search';
  return [
    ...pageMeta({
      settings: root.settings,
      module: 'search',
      title: q ? `Search results for “${q}”` : 'Search',
      publicUrl: root.publicUrl,
      path,
      jsonLd: [breadcrumbJsonLd(root.publicUrl, [{ name: 'Search', path }])],
    }),
    // Result pages are endless variations of the catalogue: keep them out of the index.
    { name: 'robots', content: 'noindex, follow' },
  ];
}

export default function SearchRoute() {
  const { q, products } = useLoaderData<typeof loader>();
  return (
    <>
      <InnerPageBanner title="Search" />
      <Container size="xl" py={36}>
        {/* Named, as the header's search box is another search landmark on this page. */}
        <Form method="get" action="/search" role="search" aria-label="Search the shop">
          <Group gap="sm" align="flex-end" maw={640}>
            <TextInput
              name="q"
              defaultValue={q}
              key={q}
              label="Search keyword"
              placeholder="e.g. kaju katli, padlock"
              radius="xl"
              style={{ flex: 1 }}
            />
            <Button
              type="submit"
              color="maroon"
              radius="xl"
              leftSection={<IconSearch size={16} aria-hidden />}
            >
              Search
            </Button>
          </Group>
        </Form>
        <div className={classes.listHeader} style={{ marginTop: 28 }}>
          {/* A long word typed as the keyword wraps instead of widening the page on a phone. */}
          <Title order={2} fz="h3" c="maroon.9" style={{ overflowWrap: 'anywhere' }}>
            {q ? `Results for “${q}”` : 'Search our products'}
          </Title>
          {q && (
            <Text c="gray.7" fz="sm" data-testid="result-count">
              {products.length} {products.length === 1 ? 'product' : 'products'} found
            </Text>
          )}
        </div>
        {q && products.length === 0 ? (
          <div className={classes.empty}>
            <Text fw={600}>No product found</Text>
          </div>
        ) : (
          <ProductGrid products={products} cols={{ base: 2, sm: 3, lg: 4 }} eagerCount={4} />
        )}
      </Container>
    </>
  );
}
