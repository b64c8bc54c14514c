/**
 * A small allow-list sanitiser for short HTML snippets from the database (copyright message,
 * about text): keeps only simple inline tags, `href` on links (http, https, mailto, tel or
 * site-relative), and escapes everything else. Runs in the root loader on the server.
 */
const INLINE_TAGS = new Set(['a', 'b', 'strong', 'i', 'em', 'u', 'span', 'small', 'br', 'sup', 'sub']);
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
]);
const SAFE_HREF = /^(https?:|mailto:|tel:|\/(?!\/)|#)/i;

const escapeText = (text: string) =>
  text
    .replace(/&(?!(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number.parseInt(dec, 10)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;|&newline;/gi, '')
    .replace(/&amp;/gi, '&');
}

function hrefOf(attributes: string): string | null {
  const match = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(attributes);
  const raw = match ? (match[1] ?? match[2] ?? match[3] ?? '') : '';
  // Control characters and whitespace inside a scheme ("java\nscript:") are ignored by browsers.
  const href = [...decodeEntities(raw)].filter((ch) => ch.charCodeAt(0) > 0x20).join('');
  return href && SAFE_HREF.test(href) ? href : null;
}

export function sanitizeInlineHtml(html: string): string {
  let out = '';
  let dropUntil: string | null = null;
  const token = /<!--[\s\S]*?(?:-->|$)|<![^>]*>|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/g;
  let last = 0;
  for (let m = token.exec(html); m; m = token.exec(html)) {
    if (!dropUntil) out += escapeText(html.slice(last, m.index));
    last = token.lastIndex;
    const [, slash, rawName, attributes = ''] = m;
    if (!rawName) continue; // comment, doctype or stray '<'
    const name = rawName.toLowerCase();
    if (dropUntil) {
      if (slash && name === dropUntil) dropUntil = null;
      continue;
    }
    if (DROP_WITH_CONTENT.has(name)) {
      if (!slash && !attributes.trim().endsWith('/')) dropUntil = name;
      continue;
    }
    if (!INLINE_TAGS.has(name)) continue;
    if (slash) {
      if (name !== 'br') out += `</${name}>`;
    } else if (name === 'br') {
      out += '<br>';
    } else if (name === 'a') {
      const href = hrefOf(attributes);
      const external = href ? /^https?:/i.test(href) : false;
      out += href
        ? `<a href="${escapeAttr(href)}"${external ? ' target="_blank" rel="noopener noreferrer"' : ''}>`
        : '<a>';
    } else {
      out += `<${name}>`;
    }
  }
  if (!dropUntil) out += escapeText(html.slice(last));
  return out;
}
