import type { Banner } from '@shop/contract/content';
import { mediaSrcSet, mediaUrl } from '@shop/contract/media';
import { youtubeIdOf } from '@shop/contract/youtube-tag';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { BannerLink } from './banner-link.tsx';
import classes from './home.module.css';
import { Container } from '../../components/ui/container.tsx';
import { focusPlayer, youtubePlayer } from '../../lib/youtube.ts';

interface Props {
  videoUrl: string;
  /** The poster from our own media (asset home-video-poster); without one a plain still is drawn. */
  poster?: string;
  rightBanners: Banner[];
  bottomBanners: Banner[];
}

/** Side banners are made 800 pixels wide; shown a third of the page wide, or the phone's width. */
const SIDE_BANNER_WIDTH = 800;
const SIDE_BANNER_SIZES = '(max-width: 768px) 100vw, (max-width: 1366px) 33vw, 440px';
const BOTTOM_BANNER_SIZES = '(max-width: 768px) 100vw, 660px';
const POSTER_SIZES = '(max-width: 768px) 100vw, 880px';

// The right banners are in the first screen (beside the video on desktops, under it on phones):
// loaded at once, but at low priority, so that the first slide and the video poster (the largest
// image on phones) get the bandwidth first. The bottom ones are below the fold: lazy.
function SideBanner({ banner, bottom = false }: { banner: Banner; bottom?: boolean }) {
  return (
    <BannerLink url={banner.url} label={banner.name || 'Offer'} className={classes.sideBanner}>
      <img
        src={mediaUrl('banners', banner.image)}
        srcSet={mediaSrcSet(mediaUrl('banners', banner.image), SIDE_BANNER_WIDTH)}
        sizes={bottom ? BOTTOM_BANNER_SIZES : SIDE_BANNER_SIZES}
        alt={banner.name}
        width={600}
        height={338}
        loading={bottom ? 'lazy' : 'eager'}
        fetchPriority={bottom ? 'auto' : 'low'}
        decoding="async"
        className={classes.sideBannerImage}
      />
    </BannerLink>
  );
}

/**
 * The video plus banners block (product rules §2): a poster that loads the YouTube player only when clicked
 * (nothing from YouTube, not even its thumbnail, on page load), up to 2 right and 2 bottom banners.
 */
export function VideoBlock({ videoUrl, poster, rightBanners, bottomBanners }: Props) {
  const id = youtubeIdOf(videoUrl);
  const [playing, setPlaying] = useState(false);
  const right = rightBanners.slice(0, 2);
  const bottom = bottomBanners.slice(0, 2);
  if (!id && right.length === 0 && bottom.length === 0) return null;
  return (
    <section aria-label="Watch our story" className={classes.videoSection} data-testid="video-block">
      <Container>
        <div className={right.length ? classes.videoGrid : undefined}>
          {id && (
            <div className={classes.video}>
              {playing ? (
                <iframe
                  src={youtubePlayer(id)}
                  ref={focusPlayer}
                  title="Company video"
                  allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
                  allowFullScreen
                  className={classes.videoFrame}
                />
              ) : (
                <button
                  type="button"
                  className={classes.videoThumb}
                  onClick={() => setPlaying(true)}
                  aria-label="Play video"
                >
                  {poster && (
                    <img
                      src={poster}
                      srcSet={mediaSrcSet(poster, 960)}
                      sizes={POSTER_SIZES}
                      alt=""
                      width={960}
                      height={540}
                      // In the first screen on phones and often its largest image.
                      fetchPriority="high"
                      decoding="async"
                      className={classes.videoThumbImage}
                    />
                  )}
                  <span className={classes.playButton}>
                    <IconPlayerPlayFilled size={34} aria-hidden />
                  </span>
                </button>
              )}
            </div>
          )}
          {right.length > 0 && (
            <div className={classes.rightBanners}>
              {right.map((b) => (
                <SideBanner key={b.id} banner={b} />
              ))}
            </div>
          )}
        </div>
        {bottom.length > 0 && (
          <div className={classes.bottomBanners}>
            {bottom.map((b) => (
              <SideBanner key={b.id} banner={b} bottom />
            ))}
          </div>
        )}
      </Container>
    </section>
  );
}
