import type { FastifyReply } from 'fastify';
import type { InvoiceRow } from './invoices.repository.ts';
import { documentPdf, pdfFileName } from './invoices.service.ts';

/** Answers with the PDF of an invoice or credit note, as an attachment named after its number. */
export async function sendTaxDocumentPdf(reply: FastifyReply, row: InvoiceRow) {
  const pdf = await documentPdf(row);
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${pdfFileName(row.number)}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}
