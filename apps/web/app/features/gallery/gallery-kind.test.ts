import { describe, expect, it } from 'vitest';
import { galleryKindOf } from './gallery-kind.ts';

describe('galleryKindOf', () => {
  it('a category under /gallery/video/ is the video gallery', () => {
    expect(galleryKindOf('/gallery/video/events')).toBe('video');
    expect(galleryKindOf('/gallery/video/events/')).toBe('video');
  });

  it('/gallery/{category} is the photo gallery, "video" with no category after it included', () => {
    expect(galleryKindOf('/gallery/events')).toBe('photo');
    expect(galleryKindOf('/gallery/video')).toBe('photo');
    // The server sees this address without its final slash: both sides must name the same gallery.
    expect(galleryKindOf('/gallery/video/')).toBe('photo');
  });
});
