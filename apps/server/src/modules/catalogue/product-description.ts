import { descriptionText } from '@shop/contract/product-description';
import { sanitizePageHtml } from '../../http/html-sanitizer.ts';

/**
 * What every write of a product's description stores (the back office's editor, the CSV import):
 * HTML cleaned by the page policy, so the storefront can render it as it is; a description
 * without words (an empty editor's `<p></p>`) is stored empty. See contract/product-description.ts.
 */
export function sanitizeProductDescription(html: string): string {
  const clean = sanitizePageHtml(html).trim();
  return descriptionText(clean) ? clean : '';
}
