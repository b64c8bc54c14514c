import { mediaSrcSet, mediaUrl } from '@shop/contract/media';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { bannersOf, useRootData } from '../lib/root-data.ts';
import classes from './inner-page-banner.module.css';
import { Container } from './ui/container.tsx';

/** Inner page banners are made 1600 pixels wide. */
const INNER_BANNER_WIDTH = 1600;

/**
 * The banner at the top of every inner page (product rules §2): the 'Inner Page Banners' image when the
 * shop has one (else a saffron gradient), the page title and the breadcrumb Home > {title}.
 * Only the products page has a crumb between (product rules §2: Home > Products > Sweets); the checkout
 * steps keep the product's Home > current page, their way back is the page's own buttons.
 */
export function InnerPageBanner({
  title,
  crumbs = [],
}: {
  title: string;
  crumbs?: { label: string; to?: string }[];
}) {
  const data = useRootData();
  const banner = bannersOf(data, 'Inner Page Banners')[0];
  return (
    <section className={classes.banner} aria-label="Page banner">
      {banner && (
        // An <img>, not a CSS background: the browser finds it in the HTML (React preloads it in
        // the head) instead of after the stylesheets; it is often the page's largest paint.
        <img
          src={mediaUrl('banners', banner.image)}
          srcSet={mediaSrcSet(mediaUrl('banners', banner.image), INNER_BANNER_WIDTH)}
          sizes="100vw"
          alt=""
          width={INNER_BANNER_WIDTH}
          height={300}
          fetchPriority="high"
          className={classes.image}
        />
      )}
      <Container className={classes.inner}>
        <h1 className={classes.title}>{title}</h1>
        <nav aria-label="Breadcrumb">
          <div className={classes.crumbs}>
            <Link to="/" className={classes.crumbLink}>
              Home
            </Link>
            {crumbs.map((c) => (
              <Fragment key={c.label}>
                <Separator />
                {c.to ? (
                  <Link to={c.to} className={classes.crumbLink}>
                    {c.label}
                  </Link>
                ) : (
                  <span className={classes.crumbText}>{c.label}</span>
                )}
              </Fragment>
            ))}
            <Separator />
            <span className={classes.current} aria-current="page">
              {title}
            </span>
          </div>
        </nav>
      </Container>
    </section>
  );
}

/** The '>' between crumbs: seen, not read out (the links' order says it). */
function Separator() {
  return (
    <span className={classes.separator} aria-hidden="true">
      &gt;
    </span>
  );
}
