/** YouTube URLs of the video gallery (the id comes from the API's `video_id`). */
export const youtubeThumbnail = (id: string) =>
  `https://i.ytimg.com/vi/${encodeURIComponent(id)}/hqdefault.jpg`;

/** The privacy-enhanced player; autoplay because it only loads after the visitor clicks play. */
export const youtubePlayer = (id: string) =>
  `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?autoplay=1&rel=0`;
