import classes from './icons.module.css';

/**
 * Icons that are drawn many times on the first paint: by CSS, or as one SVG `<path>` each.
 *
 * Tabler's React icons render one `<path>` per stroke and a component per icon; on a category
 * page of 23 products the cart icons alone were 115 of its ~790 elements, all parsed, laid out
 * and hydrated before the page becomes interactive. These draw the same Tabler outlines (MIT)
 * with every stroke in a single path, and no component state. (Measured: the category page goes
 * from 786 to 694 elements and home from 759 to 683; Lighthouse's mobile score does not move
 * measurably, but a 100-product category page is ~400 elements lighter.)
 */

/**
 * Tabler's shopping-cart-plus, 18 px, drawn by CSS (icons.module.css): one empty element instead
 * of an SVG with its path. Every product tile's "Add to Cart" shows it, so a category page of 100
 * products was 200 elements and 25 KB of HTML heavier with the SVG (ADR 0012, "2026-11-28,
 * later").
 */
export function CartPlusIcon() {
  return <span className={classes.cartPlus} aria-hidden />;
}

/** Tabler's star-filled, five in a row in one SVG (the testimonials' rating). */
const STAR =
  'l-6.38 .925l-.113 .023a1 1 0 0 0 -.44 1.684l4.622 4.499l-1.09 6.355l-.013 .11a1 1 0 0 0 1.464 .944l5.706 -3l5.693 3l.1 .046a1 1 0 0 0 1.352 -1.1l-1.091 -6.355l4.624 -4.5l.078 -.085a1 1 0 0 0 -.633 -1.62l-6.38 -.926l-2.852 -5.78a1 1 0 0 0 -1.794 0l-2.853 5.78z';

export function FiveStarsIcon({ size = 18, gap = 2, color }: { size?: number; gap?: number; color: string }) {
  // Each star is 24 user units wide; the gap is given in pixels, so convert it to user units.
  const step = 24 + (gap * 24) / size;
  const width = 4 * step + 24;
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${width} 24`}
      width={(width * size) / 24}
      height={size}
      fill={color}
      aria-hidden
    >
      {[0, 1, 2, 3, 4].map((i) => (
        <path key={i} d={`M${8.243 + i * step} 7.34${STAR}`} />
      ))}
    </svg>
  );
}
