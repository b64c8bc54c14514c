/**
 * A readable text from a URL slug (product rules §9): hyphens become spaces and percent-escapes are
 * decoded. A malformed escape (a stray '%') is kept as typed instead of failing the page.
 */
export function decodeSlug(slug: string): string {
  const spaced = slug.replace(/-/g, ' ');
  try {
    return decodeURIComponent(spaced).trim();
  } catch {
    return spaced.trim();
  }
}
