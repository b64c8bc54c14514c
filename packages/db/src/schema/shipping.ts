import { boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * The carriers the shop ships with. `trackingUrlTemplate` holds `{tracking}` where the parcel's
 * tracking number goes (the customer's "Track parcel" link); null for a carrier without a
 * tracking page, such as the shop's own delivery van.
 */
export const shippingCarriers = pgTable('shipping_carriers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  trackingUrlTemplate: text('tracking_url_template'),
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
});
