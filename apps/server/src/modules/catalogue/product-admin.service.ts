import { isDeepStrictEqual } from 'node:util';
import {
  type AdminProduct,
  type AdminProductRow,
  type BulkRequest,
  type BulkResult,
  catalogueAdminMessages as msg,
  DEFAULT_LOW_STOCK_THRESHOLD,
  type PriceRounding,
  type ProductCreate,
  type ProductFilter,
  type ProductListResponse,
  type ProductListSort,
  type ProductUpdate,
  type StockState,
  type declarationFields,
} from '@shop/contract/admin/catalogue';
import { FEATURED_LABEL } from '@shop/contract/catalogue';
import { foodTypes, makerRoles, netQuantityUnits } from '@shop/contract/package-declarations';
import type { Db, DbOrTx } from '@shop/db/client';
import { AppError } from '../../http/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type Actor, auditedBy } from './actor.ts';
import { settingValue } from '../settings/settings.service.ts';
import {
  type AdminProductRowData,
  existingProductIds,
  findProductForEdit,
  findProductIds,
  findProductPage,
  findRelatedIds,
  insertProductRow,
  lockProductRow,
  lockProducts,
  type ProductQuery,
  type ProductRecord,
  productSlugInUse,
  replaceRelated,
  setLabel,
  updateProductRow,
  updateProducts,
  writePrices,
} from './product-admin.repository.ts';
import { findAllCategoryParents, findCategoryRow } from './category-admin.repository.ts';
import { sanitizeProductDescription } from './product-description.ts';
import { setStock } from './stock.service.ts';
import { uniqueSlug } from './unique-slug.ts';

/**
 * Products as the back office edits them: every field the storefront shows, hidden products
 * too. Prices are paise. Each change is written with its audit entry in one transaction; the
 * products table's change notifications carry it to every storefront instance's caches.
 */

/** The shop's low-stock threshold (setting low_stock_threshold; 5 when unset or not a number). */
export async function defaultLowStockThreshold(db: DbOrTx): Promise<number> {
  const value = Number((await settingValue(db, 'low_stock_threshold'))?.trim());
  return Number.isInteger(value) && value >= 0 ? value : DEFAULT_LOW_STOCK_THRESHOLD;
}

function stockState(stock: number, threshold: number): StockState {
  if (stock <= 0) return 'out';
  return stock <= threshold ? 'low' : 'in_stock';
}

function toRow(r: AdminProductRowData): AdminProductRow {
  return {
    id: r.id,
    name: r.name,
    url_slug: r.urlSlug,
    category_id: r.categoryId,
    category_name: r.categoryName,
    main_image: r.mainImage,
    selling_price_paise: r.sellingPricePaise,
    mrp_paise: r.mrpPaise,
    available_stock: r.availableStock,
    low_stock_threshold: r.lowStockThreshold,
    stock_state: stockState(r.availableStock, r.lowStockThreshold),
    is_active: r.isActive,
    featured: r.productLabels.includes(FEATURED_LABEL),
    updated_at: new Date(r.updatedAt).toISOString(),
  };
}

/** Finds products by a part of their name without scanning the table (product-names.ts). */
export type NameSearch = (text: string) => Promise<number[]>;

/**
 * The filter in the repository's terms: a category with its sub-categories, an id typed as text.
 * With `names`, a search text becomes the ids whose names contain it (an index lookup); without,
 * the database compares the names itself.
 */
async function toQuery(db: DbOrTx, filter: ProductFilter, names?: NameSearch): Promise<ProductQuery> {
  const query: ProductQuery = {};
  const text = filter.q?.normalize('NFKC').trim().replace(/\s+/g, ' ');
  if (text && names) {
    const ids = await names(text);
    if (/^\d{1,9}$/.test(text)) ids.push(Number(text));
    query.ids = ids;
  } else if (text) {
    query.text = text;
    if (/^\d{1,9}$/.test(text)) query.id = Number(text);
  }
  if (filter.category_id !== undefined) {
    query.categoryIds = filter.include_subcategories
      ? subtreeIds(await findAllCategoryParents(db), filter.category_id)
      : [filter.category_id];
  }
  if (filter.visibility) query.active = filter.visibility === 'visible';
  if (filter.featured !== undefined) query.featured = filter.featured;
  if (filter.stock) query.stock = filter.stock;
  return query;
}

function subtreeIds(parents: ReadonlyArray<{ id: number; parentId: number }>, rootId: number): number[] {
  const children = new Map<number, number[]>();
  for (const { id, parentId } of parents) children.set(parentId, [...(children.get(parentId) ?? []), id]);
  const found = new Set([rootId]);
  const queue = [rootId];
  for (let id = queue.shift(); id !== undefined; id = queue.shift())
    for (const child of children.get(id) ?? [])
      if (!found.has(child)) {
        found.add(child);
        queue.push(child);
      }
  return [...found];
}

/** A page of the product list (hidden products too), filtered and sorted. */
export async function listAdminProducts(
  db: DbOrTx,
  filter: ProductFilter,
  sort: ProductListSort,
  page: { page: number; perPage: number },
  names?: NameSearch,
): Promise<ProductListResponse> {
  const [query, threshold] = await Promise.all([toQuery(db, filter, names), defaultLowStockThreshold(db)]);
  const { rows, total } = await findProductPage(
    db,
    query,
    sort,
    { limit: page.perPage, offset: (page.page - 1) * page.perPage },
    threshold,
  );
  return { items: rows.map(toRow), total, page: page.page, per_page: page.perPage };
}

type DeclarationKey = keyof typeof declarationFields;
type Declarations = Pick<ProductCreate, DeclarationKey>;

/** The package declarations of a stored row, as the form edits them. */
function declarationsOf(
  row: ProductRecord | NonNullable<Awaited<ReturnType<typeof findProductForEdit>>>,
): Declarations {
  return {
    maker_role: makerRoles.find((r) => r === row.makerRole) ?? 'manufacturer',
    maker_name: row.makerName,
    maker_address: row.makerAddress,
    country_of_origin: row.countryOfOrigin,
    generic_name: row.genericName,
    net_quantity: row.netQuantity,
    net_quantity_unit: netQuantityUnits.find((u) => u === row.netQuantityUnit) ?? 'g',
    best_before: row.bestBefore,
    dimensions: row.dimensions,
    consumer_care: row.consumerCare,
    food_type: foodTypes.find((f) => f === row.foodType) ?? 'not_food',
  };
}

/** Table columns of the declarations given (only those sent change on an edit). */
function declarationColumns(d: Partial<Declarations>) {
  const columns = {
    makerRole: d.maker_role,
    makerName: d.maker_name,
    makerAddress: d.maker_address,
    countryOfOrigin: d.country_of_origin,
    genericName: d.generic_name,
    netQuantity: d.net_quantity,
    netQuantityUnit: d.net_quantity_unit,
    bestBefore: d.best_before,
    dimensions: d.dimensions,
    consumerCare: d.consumer_care,
    foodType: d.food_type,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined)) as Partial<
    typeof columns
  >;
}

/** One product with every field of the edit form, or null. */
export async function adminProduct(db: DbOrTx, id: number): Promise<AdminProduct | null> {
  const row = await findProductForEdit(db, id, await defaultLowStockThreshold(db));
  if (!row) return null;
  return {
    ...toRow(row),
    description: row.description,
    product_labels: row.productLabels.filter((l) => l !== FEATURED_LABEL),
    item_weight: row.itemWeight,
    hsn_code: row.hsnCode,
    gst_rate: row.gstRate,
    display_order: row.displayOrder,
    own_low_stock_threshold: row.ownLowStockThreshold,
    ...declarationsOf(row),
    related: row.related,
    attachments: row.attachments,
  };
}

/** Labels as stored: the other labels once each, "Featured" when featured. */
function labelsOf(labels: readonly string[], featured: boolean): string[] {
  const others = [...new Set(labels.filter((l) => l.toLowerCase() !== FEATURED_LABEL.toLowerCase()))];
  return featured ? [FEATURED_LABEL, ...others] : others;
}

function productSlug(db: DbOrTx, wanted: string | undefined, name: string, exceptId: number | null) {
  return uniqueSlug(wanted, name, (slug) => productSlugInUse(db, slug, exceptId), msg.slugTaken);
}

async function checkRelated(db: DbOrTx, productId: number | null, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (productId !== null && unique.includes(productId))
    throw AppError.invalid('related_ids', msg.relatedSelf);
  const found = await existingProductIds(db, unique);
  if (found.length !== unique.length) throw AppError.invalid('related_ids', msg.relatedUnknown);
  return unique;
}

async function checkCategory(db: DbOrTx, categoryId: number) {
  if (!(await findCategoryRow(db, categoryId))) throw AppError.invalid('category_id', msg.categoryNotFound);
}

function checkPrices(price: number, mrp: number | null) {
  if (mrp !== null && mrp < price) throw AppError.invalid('mrp_paise', msg.mrpBelowPrice);
}

/** What the audit log keeps of a product (the description only as its length: it can be long). */
function audited(p: ProductRecord, related: number[]) {
  return {
    name: p.name,
    url_slug: p.urlSlug,
    description_length: p.description.length,
    category_id: p.categoryId,
    selling_price_paise: p.sellingPricePaise,
    mrp_paise: p.mrpPaise,
    item_weight: p.itemWeight,
    product_labels: p.productLabels,
    is_active: p.isActive,
    display_order: p.displayOrder,
    hsn_code: p.hsnCode,
    gst_rate: p.gstRate,
    low_stock_threshold: p.lowStockThreshold,
    related_ids: related,
    ...declarationsOf(p),
  };
}

/** A new product; its opening stock is the first entry of its stock history. */
export async function createProduct(db: Db, input: ProductCreate, actor: Actor): Promise<number> {
  checkPrices(input.selling_price_paise, input.mrp_paise);
  return db.transaction(async (tx) => {
    await checkCategory(tx, input.category_id);
    const related = await checkRelated(tx, null, input.related_ids);
    const row = await insertProductRow(tx, {
      name: input.name,
      urlSlug: await productSlug(tx, input.url_slug, input.name, null),
      description: sanitizeProductDescription(input.description),
      categoryId: input.category_id,
      sellingPricePaise: input.selling_price_paise,
      mrpPaise: input.mrp_paise,
      itemWeight: input.item_weight,
      productLabels: labelsOf(input.product_labels, input.featured),
      isActive: input.is_active,
      displayOrder: input.display_order,
      hsnCode: input.hsn_code,
      gstRate: input.gst_rate,
      lowStockThreshold: input.low_stock_threshold,
      ...declarationColumns(input),
      availableStock: 0,
    });
    await replaceRelated(tx, row.id, related);
    if (input.initial_stock > 0) await setStock(tx, row.id, input.initial_stock, 'initial', actor);
    await recordAudit(tx, {
      ...auditedBy(actor),
      action: 'product.create',
      entity: 'product',
      entityId: row.id,
      after: { ...audited(row, related), available_stock: input.initial_stock },
    });
    return row.id;
  });
}

/** Changes the fields given (stock only through adjustments). */
export async function updateProduct(db: Db, id: number, patch: ProductUpdate, actor: Actor) {
  return db.transaction(async (tx) => {
    const before = await lockProductRow(tx, id);
    if (!before) throw AppError.notFound(msg.productNotFound);
    checkPrices(patch.selling_price_paise ?? before.sellingPricePaise, patch.mrp_paise ?? before.mrpPaise);
    if (patch.category_id !== undefined) await checkCategory(tx, patch.category_id);
    const relatedBefore = await findRelatedIds(tx, id);
    const related =
      patch.related_ids === undefined ? relatedBefore : await checkRelated(tx, id, patch.related_ids);
    const featured = patch.featured ?? before.productLabels.includes(FEATURED_LABEL);
    const labels = labelsOf(patch.product_labels ?? before.productLabels, featured);
    const after = await updateProductRow(tx, id, {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.url_slug !== undefined && patch.url_slug !== before.urlSlug
        ? { urlSlug: await productSlug(tx, patch.url_slug, patch.name ?? before.name, id) }
        : {}),
      ...(patch.description !== undefined
        ? { description: sanitizeProductDescription(patch.description) }
        : {}),
      ...(patch.category_id !== undefined ? { categoryId: patch.category_id } : {}),
      ...(patch.selling_price_paise !== undefined ? { sellingPricePaise: patch.selling_price_paise } : {}),
      ...(patch.mrp_paise !== undefined ? { mrpPaise: patch.mrp_paise } : {}),
      ...(patch.item_weight !== undefined ? { itemWeight: patch.item_weight } : {}),
      ...(patch.is_active !== undefined ? { isActive: patch.is_active } : {}),
      ...(patch.display_order !== undefined ? { displayOrder: patch.display_order } : {}),
      ...(patch.hsn_code !== undefined ? { hsnCode: patch.hsn_code } : {}),
      ...(patch.gst_rate !== undefined ? { gstRate: patch.gst_rate } : {}),
      ...(patch.low_stock_threshold !== undefined ? { lowStockThreshold: patch.low_stock_threshold } : {}),
      ...declarationColumns(patch),
      productLabels: labels,
    });
    if (!after) throw AppError.notFound(msg.productNotFound);
    if (patch.related_ids !== undefined) await replaceRelated(tx, id, related);
    const was = audited(before, relatedBefore);
    const is = audited(after, related);
    // A save that changed nothing (the form saved twice, an empty edit) is not a change to log.
    // The log keeps the description's length only, so the text itself is compared apart.
    if (isDeepStrictEqual(was, is) && before.description === after.description) return;
    await recordAudit(tx, {
      ...auditedBy(actor),
      action: 'product.update',
      entity: 'product',
      entityId: id,
      before: was,
      after: is,
    });
  });
}

/**
 * A price changed by `percent`, rounded half up to whole rupees (shelf prices such as ₹105) or to
 * the paisa, never below ₹1 / 1 paisa, never above the MRP. Integer arithmetic: the percent has
 * at most two decimals, so price × (10000 + hundredths) / 10000 is exact before rounding.
 */
export function changedPrice(
  pricePaise: number,
  percent: number,
  rounding: PriceRounding,
  mrpPaise: number | null,
): { paise: number; capped: boolean } {
  const numerator = pricePaise * (10_000 + Math.round(percent * 100)); // paise × 10 000
  const rounded =
    rounding === 'rupee'
      ? Math.max(100, Math.floor((numerator + 500_000) / 1_000_000) * 100)
      : Math.max(1, Math.floor((numerator + 5_000) / 10_000));
  if (mrpPaise !== null && rounded > mrpPaise) return { paise: Math.max(mrpPaise, pricePaise), capped: true };
  return { paise: rounded, capped: false };
}

/**
 * A bulk action on chosen products or on every product a filter matches, in one transaction with
 * one audit entry that lists what changed (for prices: each product's old and new price).
 */
export async function bulkUpdateProducts(
  db: Db,
  request: BulkRequest,
  actor: Actor,
  names?: NameSearch,
): Promise<BulkResult> {
  const { change } = request;
  if (change.action === 'move') await checkCategory(db, change.category_id);
  return db.transaction(async (tx) => {
    const ids =
      'ids' in request.target
        ? [...new Set(request.target.ids)]
        : await findProductIds(
            tx,
            await toQuery(tx, request.target.filter, names),
            await defaultLowStockThreshold(tx),
          );
    const rows = await lockProducts(tx, ids);
    let changed: typeof rows = [];
    let cappedAtMrp = 0;
    let before: unknown;
    let after: unknown;
    switch (change.action) {
      case 'hide':
      case 'show': {
        const active = change.action === 'show';
        changed = rows.filter((r) => r.isActive !== active);
        await updateProducts(
          tx,
          changed.map((r) => r.id),
          { isActive: active },
        );
        before = { is_active: !active };
        after = { is_active: active };
        break;
      }
      case 'feature':
      case 'unfeature': {
        const featured = change.action === 'feature';
        changed = rows.filter((r) => r.productLabels.includes(FEATURED_LABEL) !== featured);
        await setLabel(
          tx,
          changed.map((r) => r.id),
          FEATURED_LABEL,
          featured,
        );
        before = { featured: !featured };
        after = { featured };
        break;
      }
      case 'move': {
        changed = rows.filter((r) => r.categoryId !== change.category_id);
        await updateProducts(
          tx,
          changed.map((r) => r.id),
          { categoryId: change.category_id },
        );
        before = { category_ids: Object.fromEntries(changed.map((r) => [r.id, r.categoryId])) };
        after = { category_id: change.category_id };
        break;
      }
      case 'price': {
        const prices = rows.map((r) => {
          const next = changedPrice(r.sellingPricePaise, change.percent, change.rounding, r.mrpPaise);
          if (next.capped) cappedAtMrp += 1;
          return { id: r.id, from: r.sellingPricePaise, paise: next.paise };
        });
        const moved = prices.filter((p) => p.paise !== p.from);
        const movedIds = new Set(moved.map((p) => p.id));
        changed = rows.filter((r) => movedIds.has(r.id));
        await writePrices(tx, moved);
        before = { selling_price_paise: Object.fromEntries(moved.map((p) => [p.id, p.from])) };
        after = {
          percent: change.percent,
          rounding: change.rounding,
          selling_price_paise: Object.fromEntries(moved.map((p) => [p.id, p.paise])),
        };
        break;
      }
    }
    if (changed.length > 0)
      await recordAudit(tx, {
        ...auditedBy(actor),
        action: `product.bulk_${change.action}`,
        entity: 'product',
        entityId: null,
        before: { product_ids: changed.map((r) => r.id), ...(before as object) },
        after,
      });
    return { changed: changed.length, matched: rows.length, capped_at_mrp: cappedAtMrp };
  });
}
