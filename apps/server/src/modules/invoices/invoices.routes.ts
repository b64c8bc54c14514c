import { invoiceMessages } from '@shop/contract/invoices';
import { isConfirmedOrLater } from '@shop/contract/orders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { customerOf, requireCustomer } from '../../http/authenticate.ts';
import { idParam } from '../../http/query-params.ts';
import { invoiceConfirmedOrder, ownedOrderRow } from '../orders/order-lifecycle.service.ts';
import { shopRegistration } from '../settings/shop-registration.service.ts';
import { creditNoteOfOrder, invoiceOfOrder } from './invoices.service.ts';
import { sendTaxDocumentPdf as sendPdf } from './pdf-reply.ts';

/** The customer's tax invoices and credit notes as PDFs (owner only). */
export async function invoicesRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const auth = requireCustomer(ctx);
  const tags = ['orders'];

  api.get(
    '/orders/:id/invoice',
    {
      onRequest: auth,
      schema: {
        tags,
        params: z.object({ id: idParam }),
        summary: 'Download the tax invoice of an own order (PDF)',
        description:
          'Answers `application/pdf` (attachment `INV-2627-000001.pdf`): the GST tax invoice issued when ' +
          'the order was confirmed (paid, or placed with cash on delivery). 404 when the order is not ' +
          "the customer's, or was cancelled before it was confirmed (no invoice exists); 409 while the " +
          'order is not confirmed yet. Order details list the invoice and its credit notes under ' +
          '`invoice`.',
      },
    },
    async (request, reply) => {
      const order = await ownedOrderRow(ctx.db, customerOf(request).id, request.params.id);
      let invoice = await invoiceOfOrder(ctx.db, order.id);
      if (!invoice && isConfirmedOrLater(order.status)) {
        // Confirmed while the shop's registration settings were incomplete. Saving valid settings
        // issues such invoices in order of confirmation; this covers the download that comes first
        // (settings fixed outside the back office, or that issue failed).
        invoice = (await ctx.db.transaction((tx) => invoiceConfirmedOrder(tx, order.id))) ?? undefined;
        if (!invoice) {
          const registration = await shopRegistration(ctx.db);
          ctx.log.error(
            { orderId: order.id, problems: registration.ok ? [] : registration.problems },
            'tax invoice not issued: the shop registration settings are incomplete',
          );
          throw new AppError('conflict', invoiceMessages.notReady);
        }
      }
      if (!invoice) {
        if (order.status === 'cancelled') throw AppError.notFound(invoiceMessages.notIssued);
        throw new AppError('conflict', invoiceMessages.notYet);
      }
      return sendPdf(reply, invoice);
    },
  );

  api.get(
    '/orders/:id/credit_notes/:noteId',
    {
      onRequest: auth,
      schema: {
        tags,
        params: z.object({ id: idParam, noteId: idParam }),
        summary: 'Download a credit note of an own order (PDF)',
        description:
          'A credit note is issued when an invoiced order is cancelled or refunded; it names the ' +
          'invoice it reduces. 404 when the order is not the customer’s or has no such credit note.',
      },
    },
    async (request, reply) => {
      const order = await ownedOrderRow(ctx.db, customerOf(request).id, request.params.id);
      const note = await creditNoteOfOrder(ctx.db, order.id, request.params.noteId);
      if (!note) throw AppError.notFound(invoiceMessages.creditNoteNotFound);
      return sendPdf(reply, note);
    },
  );
}
