import type { ShippingAddress } from '@shop/contract/orders';
import type { DbOrTx } from '@shop/db/client';
import { orders } from '@shop/db/schema/index';
import { inArray } from 'drizzle-orm';
import { AppError } from '../../http/app-error.ts';
import { A4, newPdfDocument, type PdfDoc, write } from '../invoices/pdf-writing.service.ts';
import { shopRegistration } from '../settings/shop-registration.service.ts';
import { itemsOfOrders, type OrderItemRow, type OrderRow } from './orders.repository.ts';

/**
 * Packing slips: one A4 page per order for the packing table — who it goes to, what goes in the
 * box (no prices: the slip travels inside the parcel) and a box to tick per line. Several orders
 * print as one file in the order they were asked for.
 */

/** Trading name printed when the shop's registration settings are not filled in yet. */
const FALLBACK_SHOP_NAME = 'Kesar Foods & Locks';

const WIDTH = A4.width - 2 * A4.margin;
const GREY = '#555555';
const RULE = '#bbbbbb';

interface Sender {
  name: string;
  address: string;
}

function slipDate(date: Date): string {
  return new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  }).format(date);
}

function drawSlip(doc: PdfDoc, sender: Sender, order: OrderRow, lines: OrderItemRow[]) {
  const x = A4.margin;
  let y = A4.margin;
  doc.rect(0, 0, A4.width, 10).fill('#e37600');
  y += write(doc, 'PACKING SLIP', x, y, { size: 16, weight: 700, color: '#7a2e0e' }) + 6;
  y += write(doc, sender.name, x, y, { size: 10, weight: 700 });
  if (sender.address) y += write(doc, sender.address, x, y, { width: WIDTH / 2, color: GREY });
  write(doc, `Order ${order.orderNumber}`, x + WIDTH / 2, A4.margin + 4, {
    width: WIDTH / 2,
    align: 'right',
    size: 13,
    weight: 700,
  });
  write(doc, `Placed on ${slipDate(order.createdAt)}`, x + WIDTH / 2, A4.margin + 24, {
    width: WIDTH / 2,
    align: 'right',
    color: GREY,
  });

  y += 18;
  const address = order.shippingAddress as ShippingAddress;
  y += write(doc, 'Deliver to', x, y, { size: 8, weight: 700, color: GREY }) + 2;
  y += write(doc, address.contact_person ?? '', x, y, { size: 11, weight: 700 });
  const place = [
    address.full_address,
    address.landmark,
    `${address.city ?? ''} ${address.pin_code ?? ''}`.trim(),
  ]
    .filter((part) => part && part.trim() !== '')
    .join(', ');
  y += write(doc, place, x, y, { size: 10, width: WIDTH * 0.6 });
  y += write(doc, `Mobile ${address.mobile_number ?? ''}`, x, y, { size: 10 });

  // Lines: a tick box, the product and how many.
  y += 20;
  const box = 12;
  const qtyWidth = 70;
  write(doc, 'Packed', x, y, { size: 8, weight: 700, color: GREY });
  write(doc, 'Item', x + 50, y, { size: 8, weight: 700, color: GREY });
  write(doc, 'Quantity', x + WIDTH - qtyWidth, y, {
    size: 8,
    weight: 700,
    color: GREY,
    width: qtyWidth,
    align: 'right',
  });
  y += 14;
  doc
    .moveTo(x, y)
    .lineTo(x + WIDTH, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  y += 6;
  for (const line of lines) {
    if (y > A4.height - A4.margin - 40) break;
    doc
      .rect(x + 8, y, box, box)
      .lineWidth(0.8)
      .strokeColor('#333333')
      .stroke();
    const height = Math.max(
      box,
      write(doc, line.name, x + 50, y, { size: 10, width: WIDTH - 50 - qtyWidth - 10 }),
    );
    write(doc, String(line.quantity), x + WIDTH - qtyWidth, y, {
      size: 11,
      weight: 700,
      width: qtyWidth,
      align: 'right',
    });
    y += height + 8;
    doc
      .moveTo(x, y - 4)
      .lineTo(x + WIDTH, y - 4)
      .lineWidth(0.3)
      .strokeColor(RULE)
      .stroke();
  }
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  y += 6;
  write(
    doc,
    `${lines.length} ${lines.length === 1 ? 'item' : 'items'}, ${units} ${units === 1 ? 'unit' : 'units'} in all`,
    x,
    y,
    {
      size: 9,
      color: GREY,
    },
  );
  if (order.customerRemarks?.trim())
    write(doc, `Customer's note: ${order.customerRemarks.trim()}`, x, y + 16, { size: 9, width: WIDTH });
}

/**
 * The PDF of the packing slips of `ids` (each once, in the order given). 404 names the first
 * order that does not exist, so a stale selection is noticed rather than silently skipped.
 */
export async function packingSlipsPdf(db: DbOrTx, ids: number[]): Promise<Buffer> {
  const unique = [...new Set(ids)];
  const rows = await db.select().from(orders).where(inArray(orders.id, unique));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = unique.find((id) => !byId.has(id));
  if (missing !== undefined) throw AppError.notFound(`Order ${missing} not found.`);
  const items = await itemsOfOrders(db, unique);
  const registration = await shopRegistration(db);
  const sender: Sender = registration.ok
    ? { name: registration.registration.legalName, address: registration.registration.address }
    : { name: FALLBACK_SHOP_NAME, address: '' };

  const { doc, done } = newPdfDocument({
    Title: unique.length === 1 ? `Packing slip ${byId.get(unique[0] ?? 0)?.orderNumber}` : 'Packing slips',
    Author: sender.name,
  });
  unique.forEach((id, index) => {
    const order = byId.get(id);
    if (!order) return;
    if (index > 0) doc.addPage();
    drawSlip(
      doc,
      sender,
      order,
      items.filter((item) => item.orderId === id),
    );
  });
  doc.end();
  return done;
}
