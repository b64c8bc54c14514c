/**
 * Change notifications of what the storefront shows (catalogue and content), raised by the
 * database itself: triggers call pg_notify on the channel below when a row changes, whoever
 * changed it — a checkout taking the last units, the expiry job giving them back, a cancellation,
 * a back-office edit or a hand-written UPDATE. Every server instance LISTENs and drops the cached
 * answers the change touches (apps/server/src/plugins/change-feed.ts).
 *
 * Triggers are not part of the Drizzle schema (drizzle-kit does not emit them), so migrate.ts
 * installs them after the migration, like pg_trgm. PGlite delivers the notifications in-process.
 */
export const CHANGE_CHANNEL = 'shop_changes';

/**
 * What changed in a product row: its place in lists (visibility, category, name, description,
 * labels, display order — or the row came or went), its stock, its selling price, or only what its
 * own page shows (MRP, weight, image, slug, attachments).
 */
export type ProductChange = 'listing' | 'stock' | 'price' | 'detail';

/** One notification: a table, and for products (and their attachments) the product id and what changed. */
export interface DataChange {
  table: string;
  id?: number;
  what?: ProductChange[];
}

/** Tables whose statement-level changes are announced without row details. */
const contentTables = [
  'categories',
  'menus',
  'banners',
  'client_testimonials',
  'assets',
  'settings',
  'contents',
  'files',
  'pages',
  'image_gallery',
  'video_gallery',
  'pincodes',
  'delivery_zones',
] as const;

/** The notifying functions and triggers, each statement idempotent (migrate.ts installs them). */
export const changeFeedStatements: string[] = [
  `CREATE OR REPLACE FUNCTION shop_product_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  what text[] := '{}';
  row_id integer;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    row_id := NEW.id;
    IF (NEW.id, NEW.is_active, NEW.category_id, NEW.name, NEW.description, NEW.product_labels, NEW.display_order)
       IS DISTINCT FROM (OLD.id, OLD.is_active, OLD.category_id, OLD.name, OLD.description, OLD.product_labels, OLD.display_order) THEN
      what := what || 'listing'::text;
    END IF;
    IF NEW.available_stock IS DISTINCT FROM OLD.available_stock THEN what := what || 'stock'::text; END IF;
    IF NEW.selling_price_paise IS DISTINCT FROM OLD.selling_price_paise THEN what := what || 'price'::text; END IF;
    IF (NEW.mrp_paise, NEW.item_weight, NEW.main_image, NEW.url_slug, NEW.food_type, NEW.maker_role,
        NEW.maker_name, NEW.maker_address, NEW.country_of_origin, NEW.generic_name, NEW.net_quantity,
        NEW.net_quantity_unit, NEW.best_before, NEW.dimensions, NEW.consumer_care)
       IS DISTINCT FROM (OLD.mrp_paise, OLD.item_weight, OLD.main_image, OLD.url_slug, OLD.food_type, OLD.maker_role,
        OLD.maker_name, OLD.maker_address, OLD.country_of_origin, OLD.generic_name, OLD.net_quantity,
        OLD.net_quantity_unit, OLD.best_before, OLD.dimensions, OLD.consumer_care) THEN
      what := what || 'detail'::text;
    END IF;
    IF cardinality(what) = 0 THEN RETURN NULL; END IF;
  ELSIF TG_OP = 'INSERT' THEN
    row_id := NEW.id;
    what := ARRAY['listing'];
  ELSE
    row_id := OLD.id;
    what := ARRAY['listing'];
  END IF;
  PERFORM pg_notify('${CHANGE_CHANNEL}', json_build_object('table', TG_TABLE_NAME, 'id', row_id, 'what', what)::text);
  RETURN NULL;
END $$`,
  `CREATE OR REPLACE FUNCTION shop_attachment_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('${CHANGE_CHANNEL}', json_build_object('table', 'products', 'id', NEW.product_id, 'what', ARRAY['detail'])::text);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('${CHANGE_CHANNEL}', json_build_object('table', 'products', 'id', OLD.product_id, 'what', ARRAY['detail'])::text);
  END IF;
  RETURN NULL;
END $$`,
  `CREATE OR REPLACE FUNCTION shop_table_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('${CHANGE_CHANNEL}', json_build_object('table', TG_TABLE_NAME)::text);
  RETURN NULL;
END $$`,
  `CREATE OR REPLACE TRIGGER shop_changes AFTER INSERT OR UPDATE OR DELETE ON products
    FOR EACH ROW EXECUTE FUNCTION shop_product_changed()`,
  `CREATE OR REPLACE TRIGGER shop_changes_truncate AFTER TRUNCATE ON products
    FOR EACH STATEMENT EXECUTE FUNCTION shop_table_changed()`,
  `CREATE OR REPLACE TRIGGER shop_changes AFTER INSERT OR UPDATE OR DELETE ON product_attachments
    FOR EACH ROW EXECUTE FUNCTION shop_attachment_changed()`,
  ...contentTables.map(
    (
      table,
    ) => `CREATE OR REPLACE TRIGGER shop_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
    FOR EACH STATEMENT EXECUTE FUNCTION shop_table_changed()`,
  ),
];

/** The notification's JSON, or null for anything else on the channel. */
export function parseDataChange(payload: string): DataChange | null {
  try {
    const value: unknown = JSON.parse(payload);
    if (!value || typeof value !== 'object') return null;
    const { table, id, what } = value as Record<string, unknown>;
    if (typeof table !== 'string') return null;
    const change: DataChange = { table };
    if (typeof id === 'number') change.id = id;
    if (Array.isArray(what)) change.what = what.filter((w): w is ProductChange => typeof w === 'string');
    return change;
  } catch {
    return null;
  }
}
