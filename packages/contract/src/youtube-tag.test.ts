import { describe, expect, it } from 'vitest';
import { youtubeIdOf } from './youtube-tag.ts';

describe('youtubeIdOf (video gallery links, the home_youtube_video_url setting)', () => {
  it('reads the id of every usual YouTube link, and a bare id', () => {
    expect(youtubeIdOf('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3')).toBe('dQw4w9WgXcQ');
    expect(youtubeIdOf('https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeIdOf('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeIdOf('https://youtube.com/shorts/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeIdOf('https://m.youtube.com/v/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeIdOf(' dQw4w9WgXcQ ')).toBe('dQw4w9WgXcQ');
  });

  it('reads nothing from another site, plain text or an id with markup', () => {
    expect(youtubeIdOf('https://example.com/watch?v=dQw4w9WgXcQ')).toBeUndefined();
    expect(youtubeIdOf('not a url')).toBeUndefined();
    expect(youtubeIdOf('https://www.youtube.com/watch?v=<script>')).toBeUndefined();
    expect(youtubeIdOf('https://www.youtube.com/@kesarfoodsandlocks')).toBeUndefined();
  });
});
