import { MAX_PRICE_PAISE, MAX_STOCK, MAX_WEIGHT_GRAMS } from '@shop/contract/admin/catalogue';
import { type CatalogueCsvColumn, importMessages as m } from '@shop/contract/admin/catalogue-import';
import { HSN_FORMAT } from '@shop/contract/gst';
import { formatPaise, paiseToRupees } from '@shop/contract/money';
import { foodTypes, makerRoles, netQuantityUnits } from '@shop/contract/package-declarations';
import type { DeclarationFields } from './catalogue.repository.ts';
import { sanitizeProductDescription } from './product-description.ts';

/**
 * The columns of the catalogue CSV in one place: how the export writes each product field and how
 * the import reads it back, so that an exported file imports unchanged.
 */

/** A product's fields as the CSV carries them (the products table's columns, in paise). */
export interface CsvProductValues extends DeclarationFields {
  name: string;
  urlSlug: string;
  categoryId: number;
  description: string;
  sellingPricePaise: number;
  mrpPaise: number | null;
  availableStock: number;
  itemWeight: number;
  hsnCode: string | null;
  gstRate: number;
  productLabels: string[];
  isActive: boolean;
  displayOrder: number;
  // Package declarations come from DeclarationFields (the database's defaults when a cell is
  // empty; the choices are checked by the parsers below and by the table's check constraints).
  foodType: string;
}

/** What a cell becomes: a value, or the message saying why it cannot. */
export type CellResult<T> = { ok: true; value: T } | { ok: false; message: string };

const ok = <T>(value: T): CellResult<T> => ({ ok: true, value });
const bad = (message: string): CellResult<never> => ({ ok: false, message });

export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SLUG = 120;
const MAX_NAME = 200;
const MAX_DESCRIPTION = 20_000;
const MAX_LABEL = 40;
const GST_RATES = new Set([0, 5, 12, 18, 28]);
/** Display orders: small enough for a 4-byte integer column. */
const MAX_WHOLE = 1_000_000_000;

/**
 * Rupees as typed in a spreadsheet: `249`, `249.5`, `249.50`, `₹1,249.00`, `Rs. 1249` → paise.
 * Digit-grouping commas (Indian or Western) and a leading ₹ / Rs are allowed; more than two
 * decimals, signs and letters are not.
 */
export function parseRupees(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/^(₹|rs\.?|inr)\s*/i, '')
    .replace(/,/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Paise as the export writes them: plain rupees with two decimals (a spreadsheet reads a number). */
export function formatRupees(paise: number): string {
  return paiseToRupees(paise).toFixed(2);
}

/** A whole number from `min` to `max`; a number past `max` is told its limit, not its form. */
function wholeNumber(text: string, min: number, max: number): CellResult<number> {
  const t = text.trim();
  const form = min === 0 ? m.badWholeNumber : m.badDisplayOrder;
  if (!/^-?\d+$/.test(t)) return bad(form);
  const n = Number(t);
  if (n < min) return bad(n < -max ? form : m.badWholeNumber);
  if (n > max) return bad(m.tooLarge(max));
  return ok(n);
}

/** Rupees to paise, greater than 0 and at most the contract's price cap. */
function price(raw: string, form: string): CellResult<number> {
  const paise = parseRupees(raw);
  if (paise === null || paise <= 0) return bad(form);
  return paise <= MAX_PRICE_PAISE ? ok(paise) : bad(m.priceTooHigh(formatPaise(MAX_PRICE_PAISE)));
}

function text(max: number, required: boolean) {
  return (raw: string): CellResult<string> => {
    const t = raw.trim();
    if (required && !t) return bad(m.required);
    if (t.length > max) return bad(m.tooLong(max));
    return ok(t);
  };
}

/** A declaration's text: empty means "not on the label" (null). */
function optionalText(max: number) {
  return (raw: string): CellResult<string | null> => {
    const t = raw.trim();
    if (t.length > max) return bad(m.tooLong(max));
    return ok(t || null);
  };
}

/** One of the values the database allows (its check constraint); empty: the column's default. */
function choice<T extends string>(choices: readonly T[], empty: T) {
  return (raw: string): CellResult<T> => {
    const t = raw.trim().toLowerCase();
    if (!t) return ok(empty);
    const found = choices.find((c) => c === t);
    return found ? ok(found) : bad(m.badChoice(choices));
  };
}

/** Parsers of the value columns (not id and category, which need the database to be read). */
export const cellParsers = {
  name: text(MAX_NAME, true),
  url_slug(raw: string): CellResult<string> {
    const t = raw.trim();
    if (!t) return bad(m.required);
    return t.length <= MAX_SLUG && SLUG.test(t) ? ok(t) : bad(m.badSlug);
  },
  description(raw: string): CellResult<string> {
    const cell = text(MAX_DESCRIPTION, false)(raw.replace(/\r\n/g, '\n'));
    return cell.ok ? ok(sanitizeProductDescription(cell.value)) : cell;
  },
  selling_price(raw: string): CellResult<number> {
    if (!raw.trim()) return bad(m.required);
    return price(raw, m.badPrice);
  },
  mrp(raw: string): CellResult<number | null> {
    if (!raw.trim()) return ok(null);
    return price(raw, m.badMrp);
  },
  stock: (raw: string) => wholeNumber(raw, 0, MAX_STOCK),
  weight_grams: (raw: string) => wholeNumber(raw, 0, MAX_WEIGHT_GRAMS),
  display_order: (raw: string) => wholeNumber(raw, -MAX_WHOLE, MAX_WHOLE),
  hsn_code(raw: string): CellResult<string | null> {
    const t = raw.trim();
    if (!t) return ok(null);
    return HSN_FORMAT.test(t) ? ok(t) : bad(m.badHsn);
  },
  gst_rate(raw: string): CellResult<number> {
    const t = raw.trim().replace(/%$/, '');
    return /^\d{1,2}$/.test(t) && GST_RATES.has(Number(t)) ? ok(Number(t)) : bad(m.badGst);
  },
  labels(raw: string): CellResult<string[]> {
    const labels = raw
      .split('|')
      .map((l) => l.trim())
      .filter(Boolean);
    if (labels.some((l) => l.length > MAX_LABEL)) return bad(m.badLabel);
    return ok([...new Set(labels)]);
  },
  active(raw: string): CellResult<boolean> {
    const t = raw.trim().toLowerCase();
    if (['yes', 'y', 'true', '1'].includes(t)) return ok(true);
    if (['no', 'n', 'false', '0'].includes(t)) return ok(false);
    return bad(m.badActive);
  },
  maker_role: choice(makerRoles, 'manufacturer'),
  maker_name: optionalText(200),
  maker_address: optionalText(500),
  country_of_origin(raw: string): CellResult<string> {
    const t = raw.trim();
    if (t.length > 100) return bad(m.tooLong(100));
    return ok(t || 'India');
  },
  generic_name: optionalText(200),
  net_quantity(raw: string): CellResult<number | null> {
    const t = raw.trim();
    if (!t) return ok(null);
    return /^\d{1,9}$/.test(t) && Number(t) > 0 ? ok(Number(t)) : bad(m.badNetQuantity);
  },
  net_quantity_unit: choice(netQuantityUnits, 'g'),
  best_before: optionalText(200),
  dimensions: optionalText(200),
  consumer_care: optionalText(500),
  food_type: choice(foodTypes, 'not_food'),
} satisfies Partial<Record<CatalogueCsvColumn, (raw: string) => CellResult<unknown>>>;

/** The product field each value column writes. */
export const fieldOfColumn = {
  name: 'name',
  url_slug: 'urlSlug',
  category: 'categoryId',
  description: 'description',
  selling_price: 'sellingPricePaise',
  mrp: 'mrpPaise',
  stock: 'availableStock',
  weight_grams: 'itemWeight',
  hsn_code: 'hsnCode',
  gst_rate: 'gstRate',
  labels: 'productLabels',
  active: 'isActive',
  display_order: 'displayOrder',
  maker_role: 'makerRole',
  maker_name: 'makerName',
  maker_address: 'makerAddress',
  country_of_origin: 'countryOfOrigin',
  generic_name: 'genericName',
  net_quantity: 'netQuantity',
  net_quantity_unit: 'netQuantityUnit',
  best_before: 'bestBefore',
  dimensions: 'dimensions',
  consumer_care: 'consumerCare',
  food_type: 'foodType',
} as const satisfies Record<Exclude<CatalogueCsvColumn, 'id'>, keyof CsvProductValues>;

/** A product's cell in the export (category as the text the import reads back). */
export function formatCell(
  column: CatalogueCsvColumn,
  product: CsvProductValues & { id: number },
  categoryText: (id: number) => string,
): string {
  switch (column) {
    case 'id':
      return String(product.id);
    case 'name':
      return product.name;
    case 'url_slug':
      return product.urlSlug;
    case 'category':
      return categoryText(product.categoryId);
    case 'description':
      return product.description;
    case 'selling_price':
      return formatRupees(product.sellingPricePaise);
    case 'mrp':
      return product.mrpPaise === null ? '' : formatRupees(product.mrpPaise);
    case 'stock':
      return String(product.availableStock);
    case 'weight_grams':
      return String(product.itemWeight);
    case 'hsn_code':
      return product.hsnCode ?? '';
    case 'gst_rate':
      return String(product.gstRate);
    case 'labels':
      return product.productLabels.join('|');
    case 'active':
      return product.isActive ? 'yes' : 'no';
    case 'display_order':
      return String(product.displayOrder);
    case 'maker_role':
      return product.makerRole;
    case 'maker_name':
      return product.makerName ?? '';
    case 'maker_address':
      return product.makerAddress ?? '';
    case 'country_of_origin':
      return product.countryOfOrigin;
    case 'generic_name':
      return product.genericName ?? '';
    case 'net_quantity':
      return product.netQuantity === null ? '' : String(product.netQuantity);
    case 'net_quantity_unit':
      return product.netQuantityUnit;
    case 'best_before':
      return product.bestBefore ?? '';
    case 'dimensions':
      return product.dimensions ?? '';
    case 'consumer_care':
      return product.consumerCare ?? '';
    case 'food_type':
      return product.foodType;
  }
}
