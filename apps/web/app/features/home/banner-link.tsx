import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isExternalUrl, menuHref } from '../../lib/menu-tree.ts';

/** Wraps a banner in a link to its url (internal via the router), or renders it plain. */
export function BannerLink({
  url,
  label,
  children,
  className,
}: {
  url?: string | null;
  label: string;
  children: ReactNode;
  className?: string;
}) {
  if (!url) return <div className={className}>{children}</div>;
  const href = menuHref(url);
  return isExternalUrl(href) ? (
    <a href={href} aria-label={label} className={className} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ) : (
    <Link to={href} aria-label={label} className={className}>
      {children}
    </Link>
  );
}
