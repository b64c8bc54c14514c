/**
 * `[youtube id=X]` tags in page content (product rules §9) become an embedded 560x315 player.
 *
 * The player is a real `<iframe src="https://www.youtube-nocookie.com/embed/X">`, but with a
 * `srcdoc` poster (the shop's colours and a play button): nothing at all — not even a thumbnail —
 * loads from YouTube until the visitor clicks, which keeps content pages fast and private. The
 * click navigates the frame to the player with autoplay. Ids are validated, so the generated
 * markup never carries visitor-controlled HTML.
 */
import { YOUTUBE_TAG, YOUTUBE_VIDEO_ID as VIDEO_ID } from '@shop/contract/youtube-tag';
import { youtubeEmbedUrl } from '../../lib/youtube.ts';

export const YOUTUBE_WIDTH = 560;
export const YOUTUBE_HEIGHT = 315;

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The poster document shown inside the frame until the visitor clicks play. */
export function posterDocument(id: string, title: string): string {
  const label = escapeAttr(`Play video: ${title}`);
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>',
    escapeAttr(title),
    '</title><style>',
    '*{box-sizing:border-box;margin:0}html,body{height:100%;overflow:hidden;background:#1f0a05}',
    'a{position:absolute;inset:0;display:flex;flex-direction:column;gap:14px;align-items:center;justify-content:center;',
    'background:radial-gradient(circle at 30% 20%,#8a4500 0%,#5a1f08 45%,#1f0a05 100%);color:#fff;',
    'font:600 16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;text-decoration:none;text-align:center;padding:16px}',
    'em{font-style:normal;opacity:.92;max-width:90%}',
    'span{width:72px;height:50px;border-radius:14px;background:#c4302b;display:flex;align-items:center;',
    'justify-content:center;box-shadow:0 4px 16px rgba(0,0,0,.45);transition:transform .15s}',
    'a:hover span,a:focus-visible span{transform:scale(1.1)}a:focus-visible{outline:4px solid #ffa038;outline-offset:-4px}',
    'span::after{content:"";border-style:solid;border-width:12px 0 12px 20px;border-color:transparent transparent transparent #fff;margin-left:4px}',
    `</style></head><body><a href="${youtubeEmbedUrl(id)}?autoplay=1&amp;rel=0" aria-label="${label}"><span></span><em aria-hidden="true">${escapeAttr(title)}</em></a></body></html>`,
  ].join('');
}

/** The iframe markup for one video. */
export function youtubeIframeHtml(id: string, title: string): string {
  return (
    `<iframe class="youtube-embed" width="${YOUTUBE_WIDTH}" height="${YOUTUBE_HEIGHT}"` +
    ` src="${youtubeEmbedUrl(id)}?rel=0" srcdoc="${escapeAttr(posterDocument(id, title))}"` +
    ` title="${escapeAttr(title)}" loading="lazy" referrerpolicy="strict-origin-when-cross-origin"` +
    ' allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"' +
    ' allowfullscreen></iframe>'
  );
}

/** An HTML tag, or a run of text between tags. */
const MARKUP_OR_TEXT = /<[^>]*>|[^<]+/g;

/**
 * Replaces every `[youtube id=X]` tag in the text of (already sanitised) HTML by the embedded
 * player; a tag with an invalid id is removed rather than shown as raw text. A tag written inside
 * an attribute (`<a title="[youtube id=X]">`) stays as it is: the player's markup there would end
 * the attribute. The sanitiser writes `<` and `>` inside attributes as entities, so every `<…>`
 * is one whole HTML tag.
 */
export function embedYoutubeTags(html: string, pageTitle: string): string {
  let count = 0;
  const embed = (text: string) =>
    text.replace(YOUTUBE_TAG, (_tag, id: string) => {
      if (!VIDEO_ID.test(id)) return '';
      count += 1;
      return youtubeIframeHtml(id, count === 1 ? `${pageTitle} video` : `${pageTitle} video ${count}`);
    });
  return html.replace(MARKUP_OR_TEXT, (part) => (part.startsWith('<') ? part : embed(part)));
}
