import { descriptionText } from '@shop/contract/product-description';
import { type MetaArgs, useLoaderData } from 'react-router';
import { InnerPageBanner } from '../components/inner-page-banner.tsx';
import { loadProductPage } from '../features/catalogue/load-product.server.ts';
import { productLargeUrl } from '../features/catalogue/product.ts';
import { ProductPageView } from '../features/catalogue/details-page.tsx';
import { productPath } from '../features/catalogue/product-url.ts';
import { CheckDeliveryBox } from '../features/delivery/check-delivery-box.tsx';
import { breadcrumbJsonLd, notFoundMeta, pageMeta, productJsonLd } from '../features/seo/page-meta.ts';
import { categoryPath } from '../lib/category-links.ts';
import {
  type Category,
  ROOT_CATEGORY_ID,
  rootDataFrom,
  type StorefrontLoaderArgs,
  useRootData,
} from '../lib/root-data.ts';

export async function loader({ context, url, params }: StorefrontLoaderArgs) {
  return loadProductPage(context, url, params);
}

/** The product's category and its parents, top first (the hidden root category left out). */
function categoryTrail(categories: Category[], categoryId: number): Category[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const trail: Category[] = [];
  for (
    let c = byId.get(categoryId);
    c && c.id !== ROOT_CATEGORY_ID && !trail.includes(c);
    c = byId.get(c.parent_id)
  )
    trail.unshift(c);
  return trail;
}

export function meta({ matches, data }: MetaArgs<typeof loader>) {
  const root = rootDataFrom(matches);
  if (!data) return notFoundMeta({ settings: root.settings, module: 'product', publicUrl: root.publicUrl });
  const { product } = data;
  const path = productPath(product);
  const trail = categoryTrail(root.categories, product.category_id);
  const image = productLargeUrl(product) ?? undefined;
  const generic = product.declarations.generic_name;
  return pageMeta({
    settings: root.settings,
    module: 'product',
    title: product.name,
    description:
      descriptionText(product.description) || `Buy ${product.name}${generic ? ` (${generic})` : ''} online.`,
    keywords: [product.name, generic, ...trail.map((c) => c.name)].filter(Boolean).join(', '),
    publicUrl: root.publicUrl,
    path,
    image,
    ogType: 'product',
    jsonLd: [
      productJsonLd(root.publicUrl, {
        name: product.name,
        description: descriptionText(product.description),
        imageUrl: image,
        sellingPrice: product.selling_price,
        availableStock: product.available_stock,
        path,
        sku: String(product.id),
      }),
      breadcrumbJsonLd(root.publicUrl, [
        ...trail.map((c) => ({ name: c.name, path: categoryPath(c) })),
        { name: product.name, path },
      ]),
    ],
  });
}

/**
 * /product/{id}/{slug}: one product on a page of its own, server-rendered for shoppers and search
 * engines — breadcrumbs through its categories, price, declarations, the delivery check.
 */
export default function ProductRoute() {
  const { product } = useLoaderData<typeof loader>();
  const { categories, settings } = useRootData();
  const trail = categoryTrail(categories, product.category_id);
  return (
    <>
      <InnerPageBanner
        title={product.name}
        crumbs={trail.map((c) => ({ label: c.name, to: categoryPath(c) }))}
      />
      <ProductPageView
        product={product}
        fssaiLicenceNumber={settings.fssai_licence_number?.trim() ?? ''}
        aside={<CheckDeliveryBox />}
      />
    </>
  );
}
