import type { CSSProperties } from 'react';
import type { Product } from './product.ts';
import { ProductTile } from './product-tile.tsx';
import classes from './product-tile.module.css';

interface Props {
  products: Product[];
  /** Tiles per row by breakpoint (Mantine's: sm 48em, md 62em, lg 75em), e.g. { base: 2, md: 3 }. */
  cols: { base: number; sm?: number; md?: number; lg?: number };
  /** How many of the first tiles load eagerly. */
  eagerCount?: number;
}

/** The product tiles in a CSS grid; a breakpoint without a count keeps the one below it. */
export function ProductGrid({ products, cols, eagerCount = 0 }: Props) {
  const sm = cols.sm ?? cols.base;
  const md = cols.md ?? sm;
  const lg = cols.lg ?? md;
  const style = { '--cols': cols.base, '--cols-sm': sm, '--cols-md': md, '--cols-lg': lg } as CSSProperties;
  return (
    <div className={classes.productGrid} style={style}>
      {products.map((p, i) => (
        <ProductTile key={p.id} product={p} eager={i < eagerCount} />
      ))}
    </div>
  );
}
