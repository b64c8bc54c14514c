import Lightbox, { type Slide } from 'yet-another-react-lightbox';
import Captions from 'yet-another-react-lightbox/plugins/captions';
import Thumbnails from 'yet-another-react-lightbox/plugins/thumbnails';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/captions.css';
import 'yet-another-react-lightbox/plugins/thumbnails.css';

export interface PhotoLightboxProps {
  slides: Slide[];
  /** Index of the open photo, or -1 when closed. */
  index: number;
  onClose: () => void;
}

/**
 * The photo lightbox with captions, thumbnails and zoom (product rules §9: fade 250 ms, swipe 500 ms,
 * preload 2, zoom multiplier 2). Loaded on the first click only (lazy import), so the gallery
 * page itself ships without it.
 */
export default function PhotoLightbox({ slides, index, onClose }: PhotoLightboxProps) {
  return (
    <Lightbox
      open={index >= 0}
      index={Math.max(index, 0)}
      close={onClose}
      slides={slides}
      plugins={[Captions, Thumbnails, Zoom]}
      animation={{ fade: 250, swipe: 500 }}
      carousel={{ preload: 2 }}
      // Zoom stops where one photo pixel covers two screen pixels: with the default (one), a
      // photo shown near its own size (1200 px wide in a 990 px viewer) zoomed to 1.2× and no
      // further, so the multiplier of 2 never took a full step.
      zoom={{ zoomInMultiplier: 2, maxZoomPixelRatio: 2 }}
      captions={{ descriptionTextAlign: 'center' }}
      thumbnails={{ width: 96, height: 72, border: 2, borderRadius: 6, padding: 0, gap: 12 }}
      labels={{ Lightbox: 'Photo viewer' }}
    />
  );
}
