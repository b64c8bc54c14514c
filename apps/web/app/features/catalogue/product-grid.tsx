import { SimpleGrid } from '@mantine/core';
import type { Product } from './product.ts';
import { ProductTile } from './product-tile.tsx';

interface Props {
  products: Product[];
  /** Tiles per row by breakpoint, e.g. { base: 2, md: 3 }. */
  cols: { base: number; sm?: number; md?: number; lg?: number };
  /** How many of the first tiles load eagerly. */
  eagerCount?: number;
}

export function ProductGrid({ products, cols, eagerCount = 0 }: Props) {
  return (
    <SimpleGrid cols={cols} spacing={{ base: 'sm', sm: 'lg' }} verticalSpacing={{ base: 'sm', sm: 'lg' }}>
      {products.map((p, i) => (
        <ProductTile key={p.id} product={p} eager={i < eagerCount} />
      ))}
    </SimpleGrid>
  );
}
