import { z } from 'zod';

/** The back office's home: the shop's figures for today, 7 or 30 days (India's days). */
export const DASHBOARD_RANGES = ['today', '7d', '30d'] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];

export const dashboardSchema = z.object({
  range: z.enum(DASHBOARD_RANGES),
  from: z.string(),
  to: z.string(),
  /** Paid and confirmed cash-on-delivery orders, minus processed refunds of the period. */
  revenue_paise: z.number().int(),
  /** Orders placed in the period that were paid or confirmed (not pending, cancelled or failed). */
  orders: z.number().int(),
  /** Sales of those orders (before refunds) ÷ their number; so are by_method and by_day. */
  average_order_paise: z.number().int(),
  by_method: z.array(
    z.object({ method: z.string(), orders: z.number().int(), revenue_paise: z.number().int() }),
  ),
  by_day: z.array(z.object({ day: z.string(), orders: z.number().int(), revenue_paise: z.number().int() })),
  top_products: z.array(
    z.object({
      product_id: z.number().int(),
      name: z.string(),
      quantity: z.number().int(),
      revenue_paise: z.number().int(),
    }),
  ),
  /** The lowest few of the Low stock screen's list (at or below the product's or the shop's threshold). */
  low_stock: z.array(
    z.object({
      product_id: z.number().int(),
      name: z.string(),
      available_stock: z.number().int(),
      threshold: z.number().int(),
    }),
  ),
  /** How many products the Low stock screen lists. */
  low_stock_total: z.number().int(),
  pending_shipments: z.object({ confirmed: z.number().int(), packed: z.number().int() }),
  failed_mails: z.number().int(),
  refunds: z.object({ count: z.number().int(), amount_paise: z.number().int() }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
