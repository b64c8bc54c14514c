import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of a PDF as a reader's copy-and-paste would give it (Mozilla's PDF.js, through each
 * font's ToUnicode map), one string per page with runs of white space made single spaces.
 */
export async function pdfText(pdf: Uint8Array): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, verbosity: 0 })
    .promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const page = await document.getPage(n);
    const content = await page.getTextContent();
    const text = content.items
      .map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ''}` : ''))
      .join(' ');
    // Items are runs of one font: the ₹ sign is a run of its own, glued back to its amount.
    pages.push(text.replace(/\s+/g, ' ').replace(/₹ /g, '₹').trim());
  }
  await document.destroy();
  return pages;
}

/** The names of the fonts embedded in a PDF (`/FontName /ABCDEF+NotoSans-Regular`). */
export function embeddedFontNames(pdf: Uint8Array): string[] {
  const raw = Buffer.from(pdf).toString('latin1');
  return [...new Set([...raw.matchAll(/\/FontName\s*\/([A-Z]{6}\+[^\s/]+)/g)].map((m) => m[1] ?? ''))];
}
