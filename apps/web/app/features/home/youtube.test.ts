import { describe, expect, it } from 'vitest';
import { youtubeIdOf } from './youtube.ts';

describe('youtubeIdOf (home video from the home_youtube_video_url setting)', () => {
  it('reads the id from the usual URL forms', () => {
    expect(youtubeIdOf('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3')).toBe('dQw4w9WgXcQ');
    expect(youtubeIdOf('https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeIdOf('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeIdOf('https://youtube.com/shorts/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeIdOf('dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
  });

  it('rejects other sites and junk', () => {
    expect(youtubeIdOf('https://example.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(youtubeIdOf('not a url')).toBeNull();
    expect(youtubeIdOf('https://www.youtube.com/watch?v=<script>')).toBeNull();
  });
});
