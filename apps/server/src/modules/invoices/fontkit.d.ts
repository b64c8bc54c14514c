/** The part of fontkit (pdfkit's font engine) the invoice PDFs use: parsing a font once. */
declare module 'fontkit' {
  export interface Font {
    postscriptName: string;
    layout(text: string): unknown;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
