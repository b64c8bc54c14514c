import type { ProductDetail } from '@shop/contract/catalogue';
import { formatInr } from '@shop/contract/money';
import {
  formatNetQuantity,
  formatUnitSalePrice,
  MRP_TAX_NOTE,
  makerRoleLabels,
} from '@shop/contract/package-declarations';
import classes from './details-page.module.css';

/**
 * The package declarations an online shop must show for a pre-packed product (everything its
 * label declares except the month of packing): common or generic name, net quantity, MRP
 * including all taxes, unit sale price, maker (manufacturer, packer or importer) with address,
 * country of origin, best before for food, dimensions for locks, consumer care; and, for food,
 * the shop's FSSAI licence number. Lines without a value are left out, never shown empty.
 */
export function ProductDeclarations({
  product,
  fssaiLicenceNumber,
}: {
  product: ProductDetail;
  fssaiLicenceNumber: string;
}) {
  const d = product.declarations;
  const mrp = product.mrp ?? product.selling_price;
  const maker = [d.maker_name, d.maker_address].filter(Boolean).join(', ');
  const rows: [string, string, string][] = [];
  const add = (label: string, value: string | null | undefined, key: string) => {
    if (value) rows.push([label, value, key]);
  };
  add('Generic name', d.generic_name, 'generic-name');
  add('Net quantity', d.net_quantity ? formatNetQuantity(d.net_quantity) : null, 'net-quantity');
  add('MRP', `${formatInr(mrp)} ${MRP_TAX_NOTE}`, 'mrp');
  add(
    'Unit sale price',
    d.unit_sale_price ? formatUnitSalePrice(d.unit_sale_price) : null,
    'unit-sale-price',
  );
  add(makerRoleLabels[d.maker_role], maker, 'maker');
  add('Country of origin', d.country_of_origin, 'country-of-origin');
  add('Best before', d.best_before, 'best-before');
  add('Dimensions', d.dimensions, 'dimensions');
  add('Consumer care', d.consumer_care, 'consumer-care');
  if (product.food_type !== 'not_food') add('FSSAI licence no.', fssaiLicenceNumber, 'fssai');
  return (
    <section className={classes.section} aria-labelledby="declarations-heading">
      <h2 id="declarations-heading" className={classes.sectionTitle}>
        Product information
      </h2>
      <dl className={classes.declarations} data-testid="declarations">
        {rows.map(([label, value, key]) => (
          <div key={key} className={classes.declaration} data-declaration={key}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
