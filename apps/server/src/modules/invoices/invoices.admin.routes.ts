import { invoiceMessages } from '@shop/contract/invoices';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { idParam } from '../../http/query-params.ts';
import { requireStaff } from '../../http/require-staff.ts';
import { creditNoteOfOrder, invoiceOfOrder } from './invoices.service.ts';
import { sendTaxDocumentPdf } from './pdf-reply.ts';

const pdfResponse = {
  200: { description: 'PDF', content: { 'application/pdf': { schema: z.string() } } },
};

/**
 * Staff download an order's tax invoice and credit notes (permission 'orders', the roles that see
 * orders), the same PDFs the customer gets. Reading a document changes nothing, so like the other
 * back-office downloads (packing slips, exports) it writes no audit entry; the invoice itself is
 * issued by the order's confirmation, never here.
 */
export async function invoicesAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: orders'];
  const orders = requireStaff(ctx, 'orders');

  api.get(
    '/orders/:id/invoice',
    {
      preHandler: orders,
      schema: {
        tags,
        summary: 'Download the tax invoice of an order (PDF)',
        description:
          'Answers `application/pdf` (attachment `INV-2627-000001.pdf`). 404 when the order does not ' +
          'exist or has no invoice yet (not confirmed, or cancelled before it was).',
        params: z.object({ id: idParam }),
        response: pdfResponse,
      },
    },
    async (request, reply) => {
      const invoice = await invoiceOfOrder(ctx.db, request.params.id);
      if (!invoice) throw AppError.notFound(invoiceMessages.noInvoiceYet);
      return sendTaxDocumentPdf(reply, invoice);
    },
  );

  api.get(
    '/orders/:id/credit_notes/:noteId',
    {
      preHandler: orders,
      schema: {
        tags,
        summary: 'Download a credit note of an order (PDF)',
        description: '404 when the order has no such credit note.',
        params: z.object({ id: idParam, noteId: idParam }),
        response: pdfResponse,
      },
    },
    async (request, reply) => {
      const note = await creditNoteOfOrder(ctx.db, request.params.id, request.params.noteId);
      if (!note) throw AppError.notFound(invoiceMessages.creditNoteNotFound);
      return sendTaxDocumentPdf(reply, note);
    },
  );
}
