import type { OutgoingMail } from './mail.repository.ts';

const SHOP_NAME = 'Kesar Foods & Locks';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface MailContent {
  /** What the mail is, e.g. 'signup-code' or 'order-placed': named in the log if it cannot be delivered. */
  kind?: string;
  to: string;
  subject: string;
  /** Short heading shown above the body. */
  heading: string;
  /** Paragraphs of plain text; escaped for the HTML part. */
  paragraphs: string[];
  /** A large highlighted value, e.g. a one-time code. */
  highlight?: string;
}

/** Characters that end a sentence rather than a link: "…/orders/12." links to /orders/12. */
const TRAILING_PUNCTUATION = /[.,;:!?)]+$/;

/**
 * One paragraph of plain text as HTML: escaped, its line breaks kept (a customer's message to the
 * shop reads as written), and links to the shop itself made clickable. Other addresses in a
 * customer's words stay text, so a mail the shop sends never carries a link someone else chose.
 */
function paragraphHtml(text: string, publicUrl: string): string {
  const origin = publicUrl.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  // The shop's origin, whole (not the start of a longer host or port), and its path if any.
  const shopLink = new RegExp(`${origin}(?=$|[\\s/]|[.,;:!?)]+(?:\\s|$))(?:/[^\\s<>"']*)?`, 'g');
  let html = '';
  let last = 0;
  for (const match of text.matchAll(shopLink)) {
    const url = match[0].replace(TRAILING_PUNCTUATION, '');
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}" style="color:#7a2e0e">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  html += escapeHtml(text.slice(last));
  return html.replace(/\r?\n/g, '<br>');
}

/**
 * Renders a mail in the shop's layout, as HTML with the logo and as plain text.
 * `publicUrl` makes the logo link absolute.
 */
export function renderMail(content: MailContent, publicUrl: string): OutgoingMail {
  const logo = `${publicUrl}/backend/data/assets/company-logo-main.png`;
  const body = content.paragraphs
    .map((p) => `<p style="margin:0 0 12px">${paragraphHtml(p, publicUrl)}</p>`)
    .join('');
  const highlight = content.highlight
    ? `<p style="font-size:28px;letter-spacing:6px;font-weight:700;margin:16px 0">${escapeHtml(content.highlight)}</p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;background:#f6f3ee;padding:24px">
<table role="presentation" style="max-width:560px;margin:auto;background:#fff;border-radius:8px;padding:24px">
<tr><td><img src="${logo}" alt="${SHOP_NAME}" height="48"></td></tr>
<tr><td><h1 style="font-size:20px;color:#7a2e0e">${escapeHtml(content.heading)}</h1>${highlight}${body}
<p style="color:#777;font-size:12px;margin-top:24px">${SHOP_NAME} · ${escapeHtml(publicUrl)}</p></td></tr>
</table></body></html>`;
  const text = [
    SHOP_NAME,
    '',
    content.heading,
    ...(content.highlight ? ['', content.highlight] : []),
    '',
    ...content.paragraphs,
    '',
    publicUrl,
  ].join('\n');
  return { kind: content.kind ?? 'other', to: content.to, subject: content.subject, html, text };
}
