import { Link } from 'react-router';
import classes from './layout.module.css';

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
        <img src={src} alt={name} width={180} height={56} loading={loading} className={classes.logoImage} />
      ) : (
        <span className={light ? classes.logoTextLight : classes.logoText}>{name}</span>
      )}
    </Link>
  );
}
