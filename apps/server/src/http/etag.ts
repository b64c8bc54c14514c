/**
 * Whether an `If-None-Match` header names `etag`, so that a 304 answers it: one of its tags equals
 * the ETag by weak comparison (a `W/` prefix on either side is ignored, RFC 9110 §13.1.2), or it is
 * `*`. The one rule for everything the server sends with an ETag: kept pages
 * (storefront/page-cache.ts), the build's assets (storefront/build-assets.ts) and media files
 * (modules/media/media.routes.ts).
 */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}
