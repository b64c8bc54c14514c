import { describe, expect, it } from 'vitest';
import { embedYoutubeTags, posterDocument } from './youtube-tags.ts';

describe('[youtube id=X] tags (product rules §9)', () => {
  it('replaces a tag by a 560x315 youtube-nocookie iframe with a title', () => {
    const html = embedYoutubeTags('<p>Since 1990 [youtube id=dQw4w9WgXcQ]</p>', 'About Us');
    expect(html).toContain('<p>Since 1990 <iframe class="youtube-embed" width="560" height="315"');
    expect(html).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0"');
    expect(html).toContain('title="About Us video"');
    expect(html).not.toContain('[youtube');
  });

  it('accepts quoted ids and numbers the titles of several videos', () => {
    const html = embedYoutubeTags('[youtube id="abcdefghijk"] and [youtube id=\'ABCDEFGHIJK\']', 'Tour');
    expect(html.match(/<iframe/g)).toHaveLength(2);
    expect(html).toContain('embed/abcdefghijk?rel=0');
    expect(html).toContain('embed/ABCDEFGHIJK?rel=0');
    expect(html).toContain('title="Tour video 2"');
  });

  it('drops a tag whose id is no video id instead of embedding it; escaped markup stays text', () => {
    expect(embedYoutubeTags('a[youtube id=ab(c)!]b', 'X')).toBe('ab');
    // The sanitiser hands `<script>` over as entities, which no tag matches.
    expect(embedYoutubeTags('a[youtube id=&lt;script&gt;]b', 'X')).toBe('a[youtube id=&lt;script&gt;]b');
  });

  it('leaves a tag written inside an attribute alone: the player would end the attribute', () => {
    const html = embedYoutubeTags(
      '<p><a href="https://kesarfoods.in" title="[youtube id=dQw4w9WgXcQ]">Tour</a> [youtube id=dQw4w9WgXcQ]</p>',
      'About Us',
    );
    expect(html).toContain(
      '<a href="https://kesarfoods.in" title="[youtube id=dQw4w9WgXcQ]">Tour</a> <iframe',
    );
    expect(html.match(/<iframe/g)).toHaveLength(1);
    expect(html).toContain('title="About Us video"');
  });

  it('escapes the page title inside the attributes', () => {
    const html = embedYoutubeTags('[youtube id=dQw4w9WgXcQ]', 'Tom "&" Jerry <3');
    expect(html).toContain('title="Tom &quot;&amp;&quot; Jerry &lt;3 video"');
  });

  it('shows a poster that loads nothing from YouTube, and plays on click', () => {
    const doc = posterDocument('dQw4w9WgXcQ', 'About Us video');
    expect(doc).not.toMatch(/ytimg|url\(/);
    expect(doc).toContain('href="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&amp;rel=0"');
    expect(doc).toContain('aria-label="Play video: About Us video"');
    expect(doc).not.toContain('<script');
  });
});
