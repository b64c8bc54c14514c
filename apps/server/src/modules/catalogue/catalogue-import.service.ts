import {
  type CatalogueCsvColumn,
  type CatalogueImportReport,
  catalogueCsvColumns,
  type ImportProblem,
  importMessages as m,
  MAX_CSV_ROWS,
  MAX_REPORTED_PROBLEMS,
  MAX_REPORTED_STOCK_CHANGES,
  requiredForNewProduct,
} from '@shop/contract/admin/catalogue-import';
import type { Db, DbOrTx } from '@shop/db/client';
import { categories, products } from '@shop/db/schema/index';
import { CsvError, parse } from 'csv-parse/sync';
import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../http/app-error.ts';
import type { Actor } from './actor.ts';
import { cellParsers, type CsvProductValues, fieldOfColumn } from './catalogue-csv.ts';
import { setStocks } from './stock.service.ts';

/**
 * CSV import of products and stock (contract: admin/catalogue-import.ts).
 *
 * Rows are matched by `id` (filled: update that product; empty: create one). The whole file is
 * checked first — every problem reported with its line and column — and the import then writes
 * all rows in one transaction or none. Writes are batched (one INSERT per 1,000 new products, one
 * UPDATE … FROM unnest(…) per 2,000 changed ones), so 10,000 rows take seconds, not minutes. The
 * storefront learns of every changed product through the database's change notifications
 * (packages/db/src/change-feed.ts); nothing here needs to tell it.
 */

type Values = Partial<CsvProductValues>;

interface PlannedRow {
  line: number;
  /** The product it updates, or null for a new product. */
  id: number | null;
  values: Values;
}

export interface ImportPlan {
  report: CatalogueImportReport;
  rows: PlannedRow[];
}

/** Cells that a spreadsheet would run as a formula were exported with a leading ' (http/csv-file.ts). */
function unescapeCell(raw: string): string {
  return /^'[=+\-@\t\r]/.test(raw) ? raw.slice(1) : raw;
}

interface ParsedFile {
  header: string[];
  records: Array<{ line: number; cells: string[] }>;
}

function readCsv(content: string, problems: ImportProblem[]): ParsedFile | null {
  let parsed: Array<{ record: string[]; info: { lines: number } }>;
  try {
    parsed = parse(content, {
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
    }) as never;
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? 1;
      const why =
        error.code === 'CSV_QUOTE_NOT_CLOSED'
          ? 'a quoted value has no closing quote mark (").'
          : error.message.replace(/^[^:]*: /, '');
      problems.push({ line, column: null, message: `${m.notCsv}: ${why}` });
      return null;
    }
    throw error;
  }
  const [first, ...rest] = parsed;
  if (!first) {
    problems.push({ line: 1, column: null, message: m.empty });
    return null;
  }
  return {
    header: first.record.map((h) => h.trim().toLowerCase()),
    // Rows whose first cell starts with # are notes (the template's column guide); ids never do.
    records: rest
      .filter(({ record }) => !record[0]?.trimStart().startsWith('#'))
      .map(({ record, info }) => ({
        // csv-parse counts the line a record ends on; a quoted cell may span several lines.
        line: info.lines - record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0),
        cells: record,
      })),
  };
}

function checkHeader(header: string[], problems: ImportProblem[]): CatalogueCsvColumn[] | null {
  const known = new Set<string>(catalogueCsvColumns);
  const seen = new Set<string>();
  for (const name of header) {
    if (!known.has(name)) problems.push({ line: 1, column: name, message: m.unknownColumn(name) });
    else if (seen.has(name)) problems.push({ line: 1, column: name, message: m.duplicateColumn(name) });
    seen.add(name);
  }
  if (!seen.has('id')) problems.push({ line: 1, column: 'id', message: m.noId });
  return problems.length ? null : (header as CatalogueCsvColumn[]);
}

interface CatalogueState {
  /** url_slug → product id. */
  slugs: Map<string, number>;
  /** product id → its slug. */
  slugOf: Map<number, string>;
  /** product id → selling price and MRP (to check MRP ≥ price when only one of them changes). */
  prices: Map<number, { selling: number; mrp: number | null }>;
  /** product id → its name and stock now (to name the stock a file would change). */
  stocks: Map<number, { name: string; stock: number }>;
  categoryIds: Set<number>;
  /** category slug → ids (several categories may share a slug). */
  categorySlugs: Map<string, number[]>;
}

async function readState(db: DbOrTx): Promise<CatalogueState> {
  const [productRows, categoryRows] = await Promise.all([
    db
      .select({
        id: products.id,
        slug: products.urlSlug,
        selling: products.sellingPricePaise,
        mrp: products.mrpPaise,
        name: products.name,
        stock: products.availableStock,
      })
      .from(products),
    db.select({ id: categories.id, slug: categories.urlSlug }).from(categories),
  ]);
  const categorySlugs = new Map<string, number[]>();
  for (const c of categoryRows) categorySlugs.set(c.slug, [...(categorySlugs.get(c.slug) ?? []), c.id]);
  return {
    slugs: new Map(productRows.map((p) => [p.slug, p.id])),
    slugOf: new Map(productRows.map((p) => [p.id, p.slug])),
    prices: new Map(productRows.map((p) => [p.id, { selling: p.selling, mrp: p.mrp }])),
    stocks: new Map(productRows.map((p) => [p.id, { name: p.name, stock: p.stock }])),
    categoryIds: new Set(categoryRows.map((c) => c.id)),
    categorySlugs,
  };
}

function categoryCell(
  raw: string,
  state: CatalogueState,
): { ok: true; value: number } | { ok: false; message: string } {
  const t = raw.trim();
  if (!t) return { ok: false, message: m.required };
  if (/^\d{1,9}$/.test(t)) {
    const id = Number(t);
    return state.categoryIds.has(id) ? { ok: true, value: id } : { ok: false, message: m.unknownCategory };
  }
  const ids = state.categorySlugs.get(t.toLowerCase()) ?? [];
  if (ids.length === 1 && ids[0] !== undefined) return { ok: true, value: ids[0] };
  return { ok: false, message: ids.length ? m.ambiguousCategory(ids) : m.unknownCategory };
}

/** Existing products whose stock the planned rows set to another figure than they have now. */
function stockChangesOf(rows: PlannedRow[], stocksNow: CatalogueState['stocks']) {
  const changes: CatalogueImportReport['stock_changes'] = [];
  for (const r of rows) {
    const now = r.id === null ? undefined : stocksNow.get(r.id);
    const to = r.values.availableStock;
    if (r.id !== null && now && to !== undefined && to !== now.stock)
      changes.push({ id: r.id, name: now.name, from: now.stock, to });
  }
  return changes;
}

/**
 * Reads and checks a CSV file against the catalogue as `db` sees it, and plans the writes. Every
 * problem is reported with its line (the header is line 1) and column.
 */
export async function planImport(db: DbOrTx, content: string): Promise<ImportPlan> {
  const problems: ImportProblem[] = [];
  /** The plan of `rows`; a file refused before the catalogue is read changes no stock. */
  const report = (
    rows: PlannedRow[],
    columns: string[],
    dataRows: number,
    stocksNow: CatalogueState['stocks'] = new Map(),
  ): ImportPlan => {
    const stockChanges = stockChangesOf(rows, stocksNow);
    return {
      rows,
      report: {
        rows: dataRows,
        creates: rows.filter((r) => r.id === null).length,
        updates: rows.filter((r) => r.id !== null).length,
        columns,
        problems: problems.slice(0, MAX_REPORTED_PROBLEMS),
        more_problems: Math.max(0, problems.length - MAX_REPORTED_PROBLEMS),
        applied: false,
        stock_changes: stockChanges.slice(0, MAX_REPORTED_STOCK_CHANGES),
        stock_change_count: stockChanges.length,
      },
    };
  };

  const file = readCsv(content, problems);
  if (!file) return report([], [], 0);
  const columns = checkHeader(file.header, problems);
  if (!columns) return report([], file.header, file.records.length);
  if (file.records.length === 0) problems.push({ line: 2, column: null, message: m.noRows });
  if (file.records.length > MAX_CSV_ROWS) {
    problems.push({ line: MAX_CSV_ROWS + 2, column: null, message: m.tooManyRows });
    return report([], columns, file.records.length);
  }

  const state = await readState(db);
  const has = new Set(columns);
  const rows: PlannedRow[] = [];
  const lineOfId = new Map<number, number>();
  const lineOfSlug = new Map<string, number>();
  /** Final slug of every product the file touches (to see whether a slug it leaves is free). */
  const newSlugOf = new Map<number, string>();

  for (const { line, cells } of file.records) {
    if (cells.length !== columns.length) {
      problems.push({ line, column: null, message: m.columnCount(cells.length, columns.length) });
      continue;
    }
    const cell = (column: CatalogueCsvColumn) => unescapeCell(cells[columns.indexOf(column)] ?? '');
    const problem = (column: string | null, message: string) => problems.push({ line, column, message });
    const before = problems.length;

    // id: update that product, or empty for a new one.
    const idText = cell('id').trim();
    let id: number | null = null;
    if (idText) {
      if (!/^\d{1,9}$/.test(idText)) problem('id', m.badId);
      else if (!state.slugOf.has(Number(idText))) problem('id', m.unknownId);
      else {
        id = Number(idText);
        const earlier = lineOfId.get(id);
        if (earlier !== undefined) problem('id', m.duplicateId(earlier));
        else lineOfId.set(id, line);
      }
    }
    const isNew = !idText;

    const values: Values = {};
    for (const column of columns) {
      if (column === 'id') continue;
      const raw = cell(column);
      // On an update an empty required cell keeps nothing sensible: report it like a new row.
      const result =
        column === 'category'
          ? categoryCell(raw, state)
          : (cellParsers[column] as (raw: string) => { ok: boolean; value?: unknown; message?: string })(raw);
      if (!result.ok) {
        const message = (result as { message: string }).message;
        // "Required for a new product" misleads on a row that updates one.
        problem(column, !isNew && message === m.required ? m.notEmpty : message);
      } else
        (values as Record<string, unknown>)[fieldOfColumn[column]] = (result as { value: unknown }).value;
    }
    if (isNew)
      for (const column of requiredForNewProduct)
        if (!has.has(column)) problem(column, m.missingColumn(column));

    // The same slug twice in the file, or a slug another product keeps.
    if (values.urlSlug !== undefined) {
      const earlier = lineOfSlug.get(values.urlSlug);
      if (earlier !== undefined) problem('url_slug', m.duplicateSlugInFile(earlier));
      else lineOfSlug.set(values.urlSlug, line);
      if (id !== null) newSlugOf.set(id, values.urlSlug);
    }

    // MRP against the price the product will have (either may come from the database).
    const current = id === null ? undefined : state.prices.get(id);
    const selling = values.sellingPricePaise ?? current?.selling;
    const mrp = values.mrpPaise !== undefined ? values.mrpPaise : (current?.mrp ?? null);
    if (
      selling !== undefined &&
      mrp !== null &&
      mrp < selling &&
      (has.has('mrp') || has.has('selling_price'))
    )
      problem(has.has('mrp') ? 'mrp' : 'selling_price', m.mrpBelowPrice);

    if (problems.length === before) rows.push({ line, id, values });
  }

  // A slug is taken when another product has it now and keeps it after the import.
  for (const row of rows) {
    const slug = row.values.urlSlug;
    if (slug === undefined) continue;
    const owner = state.slugs.get(slug);
    if (owner === undefined || owner === row.id) continue;
    const ownerKeeps = (newSlugOf.get(owner) ?? state.slugOf.get(owner)) === slug;
    if (ownerKeeps) problems.push({ line: row.line, column: 'url_slug', message: m.slugTaken(owner) });
  }
  problems.sort((a, b) => a.line - b.line);
  return report(problems.length ? [] : rows, columns, file.records.length, state.stocks);
}

/** Checks a file without writing anything (the dry run). */
export async function dryRunImport(db: Db, content: string): Promise<CatalogueImportReport> {
  return (await planImport(db, content)).report;
}

const INSERT_BATCH = 1_000;
const UPDATE_BATCH = 2_000;

/** SQL types of the arrays the batched UPDATE unnests, per product field. */
const updateColumns: Record<keyof CsvProductValues, { column: string; type: string }> = {
  name: { column: 'name', type: 'text' },
  urlSlug: { column: 'url_slug', type: 'text' },
  categoryId: { column: 'category_id', type: 'int' },
  description: { column: 'description', type: 'text' },
  sellingPricePaise: { column: 'selling_price_paise', type: 'int' },
  mrpPaise: { column: 'mrp_paise', type: 'int' },
  availableStock: { column: 'available_stock', type: 'int' },
  itemWeight: { column: 'item_weight', type: 'int' },
  hsnCode: { column: 'hsn_code', type: 'text' },
  gstRate: { column: 'gst_rate', type: 'int' },
  // Labels travel joined with | (a label never holds one) and are split again in SQL.
  productLabels: { column: 'product_labels', type: 'text' },
  isActive: { column: 'is_active', type: 'boolean' },
  displayOrder: { column: 'display_order', type: 'int' },
  makerRole: { column: 'maker_role', type: 'text' },
  makerName: { column: 'maker_name', type: 'text' },
  makerAddress: { column: 'maker_address', type: 'text' },
  countryOfOrigin: { column: 'country_of_origin', type: 'text' },
  genericName: { column: 'generic_name', type: 'text' },
  netQuantity: { column: 'net_quantity', type: 'int' },
  netQuantityUnit: { column: 'net_quantity_unit', type: 'text' },
  bestBefore: { column: 'best_before', type: 'text' },
  dimensions: { column: 'dimensions', type: 'text' },
  consumerCare: { column: 'consumer_care', type: 'text' },
  foodType: { column: 'food_type', type: 'text' },
};

/** Updates many products in one statement: UPDATE … FROM unnest(ids, col1, col2, …). */
async function updateBatch(tx: DbOrTx, rows: PlannedRow[], fields: Array<keyof CsvProductValues>) {
  const arrays: SQL[] = [sql`${sql.param(rows.map((r) => r.id))}::int[]`];
  const names = ['id'];
  const sets: SQL[] = [];
  fields.forEach((field, i) => {
    const { column, type } = updateColumns[field];
    const values = rows.map((r) => {
      const v = r.values[field];
      return field === 'productLabels' ? (v as string[]).join('|') : (v ?? null);
    });
    arrays.push(sql`${sql.param(values)}::${sql.raw(type)}[]`);
    const name = `c${i}`;
    names.push(name);
    const source =
      field === 'productLabels'
        ? sql.raw(`case when v.${name} = '' then '{}'::text[] else string_to_array(v.${name}, '|') end`)
        : sql.raw(`v.${name}`);
    sets.push(sql`${sql.raw(column)} = ${source}`);
  });
  await tx.execute(sql`update products p set ${sql.join(sets, sql`, `)}, updated_at = now()
    from unnest(${sql.join(arrays, sql`, `)}) as v(${sql.raw(names.join(', '))})
    where p.id = v.id`);
}

export interface ImportOptions {
  /** Who imports: named in the stock history of every product whose stock the file changes. */
  actor?: Actor;
  /**
   * Runs inside the import's transaction after the writes (the audit entry), with the ids of the
   * products the file created and updated.
   */
  afterWrite?: (
    tx: DbOrTx,
    report: CatalogueImportReport,
    productIds: { created: number[]; updated: number[] },
  ) => Promise<void>;
}

/**
 * Imports a file: checks it again inside the transaction (the catalogue may have changed since
 * the dry run), then writes every row or, on any problem, nothing (a 422 listing the problems as
 * `line N, column`). Returns the report with `applied: true`.
 */
export async function runImport(db: Db, content: string, options: ImportOptions = {}) {
  try {
    return await db.transaction(async (tx) => {
      const plan = await planImport(tx, content);
      if (plan.report.problems.length) throw importProblems(plan.report);
      const creates = plan.rows.filter((r) => r.id === null);
      const updates = plan.rows.filter((r) => r.id !== null);
      // Stock is set last, through the stock service, so that it lands in the stock history.
      const stocks: Array<{ productId: number; stock: number }> = [];
      const created: number[] = [];
      for (let i = 0; i < creates.length; i += INSERT_BATCH) {
        const batch = creates.slice(i, i + INSERT_BATCH);
        const inserted = await tx
          .insert(products)
          .values(batch.map((r) => newProduct(r.values)))
          .returning({ id: products.id, urlSlug: products.urlSlug });
        const idOfSlug = new Map(inserted.map((p) => [p.urlSlug, p.id]));
        created.push(...inserted.map((p) => p.id));
        for (const r of batch) {
          const id = idOfSlug.get(r.values.urlSlug ?? '');
          if (id !== undefined && r.values.availableStock !== undefined)
            stocks.push({ productId: id, stock: r.values.availableStock });
        }
      }
      for (const r of updates)
        if (r.id !== null && r.values.availableStock !== undefined)
          stocks.push({ productId: r.id, stock: r.values.availableStock });
      const fields = (Object.keys(updateColumns) as Array<keyof CsvProductValues>).filter(
        (field) =>
          field !== 'availableStock' &&
          plan.report.columns.some(
            (c) => c !== 'id' && fieldOfColumn[c as Exclude<CatalogueCsvColumn, 'id'>] === field,
          ),
      );
      if (fields.length)
        for (let i = 0; i < updates.length; i += UPDATE_BATCH)
          await updateBatch(tx, updates.slice(i, i + UPDATE_BATCH), fields);
      await setStocks(tx, stocks, 'imported', options.actor ?? { staffId: null });
      const report = { ...plan.report, applied: true };
      await options.afterWrite?.(tx, report, {
        created,
        updated: updates.flatMap((r) => (r.id === null ? [] : [r.id])),
      });
      return report;
    });
  } catch (error) {
    // Two rows swapping slugs, or an edit elsewhere taking a slug meanwhile.
    if (
      (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
      (error as { cause?: { code?: string } }).cause?.code === '23505'
    )
      throw new AppError('conflict', m.changedMeanwhile);
    throw error;
  }
}

function newProduct(values: Values): typeof products.$inferInsert {
  const { name, urlSlug, categoryId, sellingPricePaise } = values;
  if (
    name === undefined ||
    urlSlug === undefined ||
    categoryId === undefined ||
    sellingPricePaise === undefined
  )
    throw new Error('a new product without its required fields passed the checks');
  // Stock starts at 0; the import then sets it through the stock service (stock history).
  return { ...values, name, urlSlug, categoryId, sellingPricePaise, availableStock: 0 };
}

/** The problems of a file as the API's 422 (field "line N, column", the message). */
export function importProblems(report: CatalogueImportReport): AppError {
  const fields = report.problems.map((p) => ({
    field: p.column ? `line ${p.line}, ${p.column}` : `line ${p.line}`,
    message: p.message,
  }));
  return new AppError('invalid', fields[0]?.message ?? m.empty, fields);
}
