/**
 * YouTube's addresses the storefront uses: the privacy-enhanced player (nothing loads from
 * YouTube before a visitor clicks play: the home video, the video gallery, `[youtube id=X]` tags
 * in pages) and a video's thumbnail. Ids come from the contract's `youtubeIdOf` or the API's
 * `video_id`.
 */
export const youtubeEmbedUrl = (id: string) =>
  `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}`;

/** The player, autoplaying: it is only loaded after the visitor clicked play. */
export const youtubePlayer = (id: string) => `${youtubeEmbedUrl(id)}?autoplay=1&rel=0`;

/**
 * The player's ref: it takes the focus as it replaces the play button, which had it (focus would
 * otherwise fall back to the top of the page), so the keyboard goes on inside the video.
 */
export const focusPlayer = (frame: HTMLIFrameElement | null) => frame?.focus();

export const youtubeThumbnail = (id: string) =>
  `https://i.ytimg.com/vi/${encodeURIComponent(id)}/hqdefault.jpg`;
