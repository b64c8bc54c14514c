/**
 * The HTML part of every mail: customers' words escaped, their line breaks kept, and links to the
 * shop clickable (a sentence's full stop left out of the link); the plain-text part as written.
 */
import { describe, expect, it } from 'vitest';
import { renderMail } from './mail-template.ts';

const SHOP = 'https://shop.example.in';
const mail = (paragraphs: string[]) =>
  renderMail({ to: 'a@example.in', subject: 'S', heading: 'H', paragraphs }, SHOP);

describe('renderMail', () => {
  it("keeps the line breaks of a customer's message in the HTML part, escaped", () => {
    const { html, text } = mail(['Hello,\nSecond line <b>bold</b>\r\nThird & last']);
    expect(html).toContain('Hello,<br>Second line &#60;b&#62;bold&#60;/b&#62;<br>Third &#38; last');
    expect(text).toContain('Hello,\nSecond line <b>bold</b>\r\nThird & last');
  });

  it("links the shop's own addresses, without the full stop that ends the sentence", () => {
    const { html } = mail([`You can follow your order at ${SHOP}/orders/12.`]);
    expect(html).toContain(
      `You can follow your order at <a href="${SHOP}/orders/12" style="color:#7a2e0e">${SHOP}/orders/12</a>.`,
    );
  });

  it('leaves other addresses as text: a longer host, another site, a script', () => {
    const { html } = mail([
      `See ${SHOP}.evil.example/x and https://evil.example/login and javascript:alert(1)`,
    ]);
    expect(html).not.toContain('<a ');
    expect(html).toContain(`See ${SHOP}.evil.example/x and https://evil.example/login`);
  });

  it('escapes what could close the link', () => {
    const { html } = mail([`${SHOP}/search?q="><script>`]);
    expect(html).toContain(
      `<a href="${SHOP}/search?q=" style="color:#7a2e0e">${SHOP}/search?q=</a>&#34;&#62;&#60;script&#62;`,
    );
  });
});
