import { UnstyledButton } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './gallery.module.css';
import { youtubePlayer, youtubeThumbnail } from './youtube.ts';

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
            onError={(event) => {
              event.currentTarget.style.visibility = 'hidden';
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
