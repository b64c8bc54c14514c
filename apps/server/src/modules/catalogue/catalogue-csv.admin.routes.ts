import {
  catalogueImportReportSchema,
  catalogueImportRequestSchema,
  MAX_CSV_BYTES,
} from '@shop/contract/admin/catalogue-import';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireStaff, staffOf } from '../../http/require-staff.ts';
import { uploadLimit } from '../../http/upload-limit.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { exportCatalogueCsv, templateCsv } from './catalogue-export.service.ts';
import { dryRunImport, runImport } from './catalogue-import.service.ts';

/**
 * CSV import and export of the catalogue (permission 'catalogue'): the template, the export of
 * products or of stock, the dry run and the import. The file travels as JSON text (`content`);
 * JSON escaping can double a quote-heavy file, hence the body limit of twice the file limit.
 */

const BODY_LIMIT = 2 * MAX_CSV_BYTES + 64 * 1024;
const FILE_TOO_LARGE = 'The file is larger than 8 MB. Split it into smaller files.';

function sendCsv(reply: FastifyReply, fileName: string, csv: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}

const csvResponse = (description: string) => ({
  200: { description, content: { 'text/csv': { schema: z.string() } } },
});

export async function catalogueCsvAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: catalogue import'];
  const guard = requireStaff(ctx, 'catalogue');

  api.get(
    '/catalogue/csv/template',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          'The import template: header, then two example products and a column guide as # rows (skipped)',
        response: csvResponse('CSV template'),
      },
    },
    async (_request, reply) => sendCsv(reply, 'catalogue-template.csv', templateCsv()),
  );

  api.get(
    '/catalogue/csv/export',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Every product (kind=products, the default) or its stock only (kind=stock) as CSV',
        querystring: z.object({ kind: z.enum(['products', 'stock']).default('products') }),
        response: csvResponse('CSV, one product per row, in the import format'),
      },
    },
    async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      const kind = request.query.kind;
      return sendCsv(reply, `${kind}-${day}.csv`, await exportCatalogueCsv(ctx.db, kind));
    },
  );

  api.post(
    '/catalogue/csv/dry-run',
    {
      preHandler: guard,
      ...uploadLimit(BODY_LIMIT, FILE_TOO_LARGE),
      schema: {
        tags,
        summary: 'Checks a CSV file without writing: every problem with its line and column',
        body: catalogueImportRequestSchema,
        response: { 200: catalogueImportReportSchema },
      },
    },
    async (request) => dryRunImport(ctx.db, request.body.content),
  );

  api.post(
    '/catalogue/csv/import',
    {
      preHandler: guard,
      ...uploadLimit(BODY_LIMIT, FILE_TOO_LARGE),
      schema: {
        tags,
        summary:
          'Imports a CSV file: all rows or none (422 listing each problem as "line N, column"); one audit entry',
        body: catalogueImportRequestSchema,
        response: { 200: catalogueImportReportSchema },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      return runImport(ctx.db, request.body.content, {
        actor: { staffId: staff.id, ip: request.ip },
        // One entry for the whole import, with its counts: not 10,000 rows in the log. It names
        // the products it touched (`product_ids`, as bulk changes do), so each product's history
        // (entity product, its id) lists it; stock changes are also in each stock history.
        afterWrite: (tx, report, ids) =>
          recordAudit(tx, {
            staffId: staff.id,
            action: 'catalogue.import',
            entity: 'product',
            entityId: null,
            after: {
              file_name: request.body.file_name ?? null,
              rows: report.rows,
              creates: report.creates,
              updates: report.updates,
              columns: report.columns,
              product_ids: [...ids.updated, ...ids.created],
              created_ids: ids.created,
            },
            ip: request.ip,
          }),
      });
    },
  );
}
