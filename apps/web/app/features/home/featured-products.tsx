import type { Product } from '../catalogue/product.ts';
import { ProductGrid } from '../catalogue/product-grid.tsx';
import classes from './home.module.css';
import { SectionHeading } from './section-heading.tsx';
import { Container } from '../../components/ui/container.tsx';

/** Featured Products: hidden when there are none; 4 per row on large, 3 on medium, 2 on small. */
export function FeaturedProducts({ products, description }: { products: Product[]; description: string }) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="featured-heading" className={classes.section} data-testid="featured-products">
      <Container>
        <SectionHeading id="featured-heading" title="Featured Products" description={description} />
        <ProductGrid products={products} cols={{ base: 2, md: 3, lg: 4 }} />
      </Container>
    </section>
  );
}
