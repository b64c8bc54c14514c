import { UnstyledButton } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './gallery.module.css';
import { focusPlayer, youtubePlayer, youtubeThumbnail } from '../../lib/youtube.ts';

const hide = (img: HTMLImageElement) => {
  img.style.visibility = 'hidden';
};

/** A thumbnail that already failed to load (complete, but with no pixels) is hidden. */
function hideIfBroken(img: HTMLImageElement | null) {
  if (img?.complete && img.naturalWidth === 0) hide(img);
}

/**
 * One gallery video, click-to-load: the thumbnail until the visitor presses play, then the
 * YouTube player. No third-party script or cookie loads with the page.
 */
export function VideoPlayer({ videoId, title }: { videoId: string; title: string }) {
  const [playing, setPlaying] = useState(false);
  return (
    <div className={classes.videoBox}>
      {playing ? (
        <iframe
          src={youtubePlayer(videoId)}
          ref={focusPlayer}
          title={title}
          width={560}
          height={315}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
          className={classes.videoFrame}
        />
      ) : (
        <UnstyledButton
          className={classes.videoThumb}
          onClick={() => setPlaying(true)}
          aria-label={`Play video: ${title}`}
        >
          <img
            src={youtubeThumbnail(videoId)}
            alt=""
            width={480}
            height={360}
            loading="lazy"
            decoding="async"
            className={classes.videoThumbImage}
            // Offline or blocked thumbnail: show the plain dark poster instead of a broken image.
            // The server-rendered image may fail before React attaches onError: check on mount too.
            ref={hideIfBroken}
            onError={(event) => hide(event.currentTarget)}
            onLoad={(event) => {
              event.currentTarget.style.visibility = '';
            }}
          />
          <span className={classes.playButton} aria-hidden>
            <IconPlayerPlayFilled size={30} />
          </span>
        </UnstyledButton>
      )}
    </div>
  );
}
