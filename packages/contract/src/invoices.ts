/** Tax invoices and credit notes as the customer sees them, and their texts. */

export const invoiceMessages = {
  download: 'Download invoice',
  downloadCreditNote: (number: string) => `Download credit note ${number}`,
  notYet:
    'The tax invoice is issued once the order is confirmed (paid, or placed with cash on delivery). Please check again then.',
  notIssued: 'No tax invoice was issued for this order: it was cancelled before it was confirmed.',
  notReady: 'The tax invoice for this order is being prepared. Please try again later.',
  creditNoteNotFound: 'Credit note not found.',
  /** Back office: the order has no invoice (not confirmed yet, or cancelled before it was). */
  noInvoiceYet: 'This order has no tax invoice yet.',
} as const;

/** A document on order details: the invoice or one of its credit notes. */
export interface OrderTaxDocument {
  number: string;
  issued_at: string;
  /** Rupees, tax included. */
  total: number;
  /** Path under the API base to download the PDF with the customer's token. */
  download_path: string;
}

/** Order details: the tax invoice (null until the order is confirmed) and its credit notes. */
export interface OrderInvoice {
  invoice: OrderTaxDocument;
  credit_notes: OrderTaxDocument[];
}
