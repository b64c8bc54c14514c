import { formatInr } from './money.ts';

/**
 * Package declarations: what the label of a pre-packed product says and what an online shop must
 * repeat on the product page (India's Legal Metrology rules for packaged commodities: maker's name
 * and address, country of origin, common or generic name, net quantity, retail price as MRP
 * including all taxes, unit sale price, best before for food, dimensions where size matters,
 * consumer-care contact), and FSSAI's vegetarian / non-vegetarian mark for food. No zod here:
 * the product page and tiles import these in the browser (the API's schemas are in catalogue.ts).
 */

export const makerRoles = ['manufacturer', 'packer', 'importer'] as const;
export type MakerRole = (typeof makerRoles)[number];

/** Base units a net quantity is stored in: grams, millilitres, centimetres or pieces. */
export const netQuantityUnits = ['g', 'ml', 'cm', 'unit'] as const;
export type NetQuantityUnit = (typeof netQuantityUnits)[number];

export { type FoodType, foodTypeLabels, foodTypes } from './food-type.ts';

/** What the MRP line adds, word for word as labels print it. */
export const MRP_TAX_NOTE = '(incl. of all taxes)';

/** How a maker's role reads on the page. */
export const makerRoleLabels: Readonly<Record<MakerRole, string>> = {
  manufacturer: 'Manufactured by',
  packer: 'Packed by',
  importer: 'Imported by',
};

/** A net quantity in its base unit. */
export interface NetQuantity {
  value: number;
  unit: NetQuantityUnit;
}

/** Rupees per `per` ('kg', 'g', 'l', 'ml', 'm', 'cm' or 'unit'), to two decimals. */
export interface UnitSalePrice {
  price: number;
  per: string;
}

/** The larger unit each base unit is quoted in from 1,000 upwards. */
const largerUnit: Readonly<Record<Exclude<NetQuantityUnit, 'unit'>, { unit: string; factor: number }>> = {
  g: { unit: 'kg', factor: 1000 },
  ml: { unit: 'l', factor: 1000 },
  cm: { unit: 'm', factor: 100 },
};

/** '500 g', '5 kg', '1.5 kg', '750 ml', '1 unit', '6 units'. */
export function formatNetQuantity({ value, unit }: NetQuantity): string {
  if (unit === 'unit') return `${value} ${value === 1 ? 'unit' : 'units'}`;
  const larger = largerUnit[unit];
  if (value >= larger.factor) return `${Number((value / larger.factor).toFixed(3))} ${larger.unit}`;
  return `${value} ${unit}`;
}

/**
 * Unit sale price: the price per kilogram (litre, metre) when the pack holds at least one, else
 * per gram (millilitre, centimetre), and per piece for goods sold by number — the units the rules
 * name, rounded to the paisa. Computed from the price the shop asks, so that packs of different
 * sizes compare at what they cost.
 */
export function unitSalePrice(pricePaise: number, quantity: NetQuantity): UnitSalePrice {
  const round = (paise: number) => Math.round(paise) / 100;
  if (quantity.unit === 'unit') return { price: round(pricePaise / quantity.value), per: 'unit' };
  const larger = largerUnit[quantity.unit];
  if (quantity.value >= larger.factor)
    return { price: round((pricePaise * larger.factor) / quantity.value), per: larger.unit };
  return { price: round(pricePaise / quantity.value), per: quantity.unit };
}

/** '₹1.24 per g', '₹57.00 per kg', '₹2,450.00 per unit'. */
export function formatUnitSalePrice({ price, per }: UnitSalePrice): string {
  return `${formatInr(price)} per ${per}`;
}

/** The declarations a packaged product's page needs, as the product form holds them. */
export interface DeclarationValues {
  maker_name: string | null;
  maker_address: string | null;
  generic_name: string | null;
  net_quantity: number | string | null;
  best_before: string | null;
  food_type: string;
}

/**
 * The declarations the Legal Metrology rules ask of a packaged product that are still empty
 * (best before for food only), in the words of the product form. Saving stays allowed, as with a
 * missing HSN code: a product may be entered before its label is at hand, and the form warns.
 */
export function missingDeclarations(d: DeclarationValues): string[] {
  const empty = (v: number | string | null) => v === null || String(v).trim() === '';
  return [
    empty(d.maker_name) && "Maker's name",
    empty(d.maker_address) && "Maker's address",
    empty(d.generic_name) && 'Common or generic name',
    empty(d.net_quantity) && 'Net quantity',
    d.food_type !== 'not_food' && empty(d.best_before) && 'Best before',
  ].filter((label): label is string => typeof label === 'string');
}

/** The product form's warning for `missing` (missingDeclarations), or null when none is missing. */
export function declarationsWarning(missing: string[]): string | null {
  return missing.length === 0
    ? null
    : `Not on the product page until filled in: ${missing.join(', ')}. The Legal Metrology rules ask a packaged product's page for them.`;
}
