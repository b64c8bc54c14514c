import { mediaVariantOf } from '@shop/contract/media';
import { Link } from 'react-router';
import classes from './layout.module.css';

/**
 * The logo's 480-pixel-wide WebP copy (enough for its 180 CSS pixels at 2.6× density, and a third
 * lighter than the uploaded PNG; it is fetched at the start of every page). SVG logos as they are.
 */
function logoSrc(src: string): string {
  return /\.svg$/i.test(src) ? src : mediaVariantOf(src, 'w480');
}

interface Props {
  src?: string;
  name: string;
  /** White text fallback on dark backgrounds. */
  light?: boolean;
  /** 'lazy' in the footer: never needed for the first paint (and not preloaded then). */
  loading?: 'eager' | 'lazy';
}

/** The shop logo linking home; a text logo when no logo image is set. */
export function ShopLogo({ src, name, light = false, loading = 'eager' }: Props) {
  return (
    <Link to="/" className={classes.logoLink} aria-label={`${name} home`}>
      {src ? (
        <img
          src={logoSrc(src)}
          alt={name}
          width={180}
          height={56}
          loading={loading}
          className={classes.logoImage}
        />
      ) : (
        <span className={light ? classes.logoTextLight : classes.logoText}>{name}</span>
      )}
    </Link>
  );
}
