/**
 * The `[youtube id=X]` tag a content page's text may carry: the storefront replaces it with an
 * embedded player, and the back office's editor keeps it as plain text. One pattern for both, so
 * a tag the editor saves is a tag the storefront plays. No zod here: the storefront bundles it.
 */

/** A tag, with the id quoted or not; `&quot;` quotes are what an HTML serialiser may produce. */
export const YOUTUBE_TAG = /\[youtube\s+id\s*=\s*(?:&quot;|["'])?([^\]"'\s&]*)(?:&quot;|["'])?\s*\]/gi;

/** A YouTube video id. */
export const YOUTUBE_VIDEO_ID = /^[\w-]{6,20}$/;

/**
 * A YouTube video id from an id or any of its usual links (watch?v=, youtu.be/, /embed/,
 * /shorts/, /live/, /v/); undefined when none can be read. The one reading of a video link: the
 * back office's video gallery stores its answer, the home video setting is checked with it when
 * saved and read with it on the storefront.
 */
export function youtubeIdOf(input: string): string | undefined {
  const value = input.trim();
  if (YOUTUBE_VIDEO_ID.test(value)) return value;
  try {
    const url = new URL(value);
    const host = url.hostname.replace(/^www\.|^m\./, '');
    const candidate =
      host === 'youtu.be'
        ? (url.pathname.slice(1).split('/')[0] ?? '')
        : host.endsWith('youtube.com') || host.endsWith('youtube-nocookie.com')
          ? (url.searchParams.get('v') ??
            url.pathname.match(/^\/(?:embed|shorts|live|v)\/([^/]+)/)?.[1] ??
            '')
          : '';
    return YOUTUBE_VIDEO_ID.test(candidate) ? candidate : undefined;
  } catch {
    return undefined;
  }
}

/** The canonical form of a tag. */
export const youtubeTag = (id: string) => `[youtube id=${id}]`;

/**
 * Rewrites every tag of `html` in its canonical form (`[youtube id=X]`), whatever quotes the
 * editor wrote, so the stored page always plays; a tag with an invalid id is left as it is.
 */
export function canonicalYoutubeTags(html: string): string {
  return html.replace(YOUTUBE_TAG, (tag, id: string) => (YOUTUBE_VIDEO_ID.test(id) ? youtubeTag(id) : tag));
}
