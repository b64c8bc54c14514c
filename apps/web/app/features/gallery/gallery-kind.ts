export type GalleryKind = 'photo' | 'video';

/**
 * /gallery/video/{category} is the video gallery, /gallery/{category} the photo gallery
 * (routes.ts). The video gallery needs its category: `/gallery/video/` is the photo gallery's
 * category "video", as the router matches it, on the server (which drops the final slash) and
 * in the browser alike — the two must agree, or the page changes its title on hydration.
 */
export function galleryKindOf(pathname: string): GalleryKind {
  return /^\/gallery\/video\/[^/]/.test(pathname) ? 'video' : 'photo';
}
